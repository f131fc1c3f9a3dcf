package storagebench.runner;

import storagebench.BadInputException;

/**
 * A restart of a run the topic holds as completed: nothing is left to run. A scheduled firing whose
 * service died after its run completed (in the regression check) takes it as the run's outcome.
 */
public final class RunCompleted extends BadInputException {
    private final int trials;

    public RunCompleted(String runId, int trials) {
        super("run " + runId + " already completed; nothing to restart");
        this.trials = trials;
    }

    /** The run's trials the topic holds. */
    public int trials() {
        return trials;
    }
}
