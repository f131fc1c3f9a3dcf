package storagebench.runner;

/**
 * Told how a run goes, between trials and never during a measured step (a dashboard's live progress).
 * Called on the run's thread: keep it quick.
 */
public interface RunObserver {
    RunObserver NONE = new RunObserver() {};

    /** A trial is about to be set up. */
    default void trialStarting(RunProgress progress) {}

    /** A trial is done: its events are handed to the publisher (committed while the next is set up). */
    default void trialDone(RunProgress progress) {}

    /**
     * A trial's events are committed on the topic. Told on the publisher's thread, before the next
     * trial's measured phase begins (it waits for this): keep it quicker still.
     */
    default void trialRecorded(RunProgress progress) {}

    /** The run has ended (told by whoever started it: the runner itself does not know what follows). */
    default void runEnded(String runId, String status) {}
}
