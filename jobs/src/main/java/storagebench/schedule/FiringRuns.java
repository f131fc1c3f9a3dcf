package storagebench.schedule;

import storagebench.BadInputException;
import storagebench.runner.ExperimentRun;
import storagebench.runner.RunStop;
import storagebench.runner.RunTrigger;
import storagebench.runner.Runner;

/** How a firing's run is prepared and run. */
interface FiringRuns {
    /** A new run of the schedule's experiment, checked; a {@link BadInputException} if broken. */
    ExperimentRun prepare(Schedule schedule);

    /** The run, to be continued. */
    ExperimentRun restart(String runId);

    /** The key of the run's target in {@link TargetLeases}. */
    String target(ExperimentRun run);

    /** Runs it until it ends or {@code stop} is requested. */
    Runner.Outcome run(ExperimentRun run, RunStop stop, RunTrigger trigger);
}
