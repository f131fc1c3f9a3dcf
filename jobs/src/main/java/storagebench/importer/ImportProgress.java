package storagebench.importer;

import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts one file's records and events, logs a line every {@value #EVERY} records, and keeps what the
 * topic holds of it: whether its RunStarted is in, and its RunFinished's totals once that is.
 */
final class ImportProgress {
    static final long EVERY = 50_000;
    private static final Logger log = LoggerFactory.getLogger(ImportProgress.class);

    private final String runId;
    private long began = System.nanoTime();
    private long read;
    private long published;
    private boolean started;
    private TrialLedger.Totals finished;
    private String failure;

    ImportProgress(String runId) {
        this.runId = runId;
    }

    /** The file's first record is read now: its time counts from here. */
    void begin() {
        began = System.nanoTime();
    }

    void read(long record) {
        read = record;
        if (record % EVERY == 0) {
            log.info(
                    String.format(
                            Locale.ROOT,
                            "import %s: %,d records read, %,d events published (%,.0f records/s)",
                            runId,
                            record,
                            published,
                            record / seconds()));
        }
    }

    void published(int events) {
        published += events;
    }

    /** The run's RunStarted is in the topic. */
    void started() {
        started = true;
    }

    /** Whether the run's RunStarted is in the topic. */
    boolean isStarted() {
        return started;
    }

    /** The run's RunFinished is in the topic with these totals. */
    void finished(TrialLedger.Totals totals) {
        this.finished = totals;
    }

    TrialLedger.Totals finished() {
        return finished;
    }

    /** The run's FAILED RunFinished is in the topic, with this error. */
    void failed(String error) {
        this.failure = error;
    }

    /** The error of the run's FAILED RunFinished in the topic, or null. */
    String failure() {
        return failure;
    }

    /** Whether the run's RunFinished, of either kind, is in the topic. */
    boolean ended() {
        return finished != null || failure != null;
    }

    long published() {
        return published;
    }

    long read() {
        return read;
    }

    double seconds() {
        return Math.max(1e-9, (System.nanoTime() - began) / 1e9);
    }
}
