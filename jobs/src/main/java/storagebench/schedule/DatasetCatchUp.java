package storagebench.schedule;

import java.time.Duration;

/** Brings the dataset up to date with the topic: what a regression check and the dashboard read. */
public interface DatasetCatchUp {
    /**
     * Waits until the dataset holds the run's end (its RunFinished event).
     *
     * @param experiment the run's experiment: only its files are read
     * @return whether it did within {@code timeout}
     */
    boolean catchUp(String experiment, String runId, Duration timeout);

    /** Asks for what has been sunk so far to be made visible soon, without waiting for it. */
    void rollSoon();
}
