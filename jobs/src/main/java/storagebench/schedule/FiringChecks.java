package storagebench.schedule;

import storagebench.runner.ExperimentRun;
import storagebench.runner.Runner;

/** What follows a run ({@link AfterRun}). */
interface FiringChecks {
    /** Checks a completed run; the verdict in words. */
    String check(Schedule schedule, ExperimentRun run, Runner.Outcome outcome);

    /** A run that did not complete, and no retry is left. */
    void failed(Schedule schedule, ExperimentRun run, String why);
}
