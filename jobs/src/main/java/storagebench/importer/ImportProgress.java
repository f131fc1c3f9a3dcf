package storagebench.importer;

import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Counts an import's records and events, logs a line every {@value #EVERY} records, keeps the final totals. */
final class ImportProgress {
    static final long EVERY = 50_000;
    private static final Logger log = LoggerFactory.getLogger(ImportProgress.class);

    private final String runId;
    private final long started = System.nanoTime();
    private long read;
    private long published;
    private volatile TrialLedger.Totals finished;

    ImportProgress(String runId) {
        this.runId = runId;
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

    /** The run's RunFinished is in the topic with these totals. */
    void finished(TrialLedger.Totals totals) {
        this.finished = totals;
    }

    TrialLedger.Totals finished() {
        return finished;
    }

    long published() {
        return published;
    }

    long read() {
        return read;
    }

    double seconds() {
        return Math.max(1e-9, (System.nanoTime() - started) / 1e9);
    }
}
