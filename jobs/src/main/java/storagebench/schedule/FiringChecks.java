package storagebench.schedule;

import java.util.List;
import storagebench.events.Regression;
import storagebench.runner.ExperimentRun;
import storagebench.runner.Runner;

/** What follows a run ({@link AfterRun}). */
interface FiringChecks {
    /**
     * Checks a completed run: raises what it found, or, where the schedule says {@code confirm:
     * rerun}, leaves it to {@link #confirm} after a rerun.
     */
    Checked check(Schedule schedule, ExperimentRun run, Runner.Outcome outcome);

    /**
     * Raises the regressions {@link #check} left to confirm, each confirmed or not by the rerun.
     *
     * @param rerunId the rerun, or null when none could start
     * @param failure why the rerun did not complete, or null when it did
     * @return the verdict in words
     */
    String confirm(
            Schedule schedule,
            ExperimentRun run,
            List<Regression> found,
            String rerunId,
            String failure);

    /** A run that did not complete, and no retry is left. */
    void failed(Schedule schedule, ExperimentRun run, String why);

    /**
     * A check's outcome.
     *
     * @param verdict in words
     * @param toConfirm the regressions found and not raised yet: a rerun is to confirm them
     */
    record Checked(String verdict, List<Regression> toConfirm) {}
}
