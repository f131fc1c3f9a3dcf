package storagebench.workload.oltp;

import java.util.Locale;

/** When a trial builds the schema, and whether it drops it after: the {@code schema:} parameter. */
enum SchemaMode {
    /** Built and loaded in each trial's set-up, dropped in its clean-up: every trial starts alike. */
    PER_TRIAL,
    /** Built by the run's first trial, reused by the others with the changes of those before. */
    PER_RUN,
    /** Reused across runs while the checksum of its parameters matches; never dropped. */
    KEEP;

    static SchemaMode of(String text) {
        return valueOf(text.strip().toUpperCase(Locale.ROOT).replace('-', '_'));
    }
}
