package storagebench.cli;

import java.io.PrintWriter;
import storagebench.report.ReportFilter;

/**
 * {@code --pool}: runs of one experiment whose fixed configurations differ (a workload parameter, a
 * target setting) are kept apart unless pooled on purpose, and the output then says so.
 */
final class PoolOption {
    static final String DESCRIPTION =
            "Pool the runs of an experiment whose fixed configurations differ (e.g. rows=1000 and"
                    + " rows=5000); by default each configuration is kept apart and labelled by the"
                    + " keys that differ.";

    /** The line that heads pooled output. */
    static final String POOLED = ReportFilter.POOLED;

    private PoolOption() {}

    /** Prints the pooled line first when pooling. */
    static void say(boolean pool, PrintWriter out) {
        if (pool) {
            out.println(POOLED);
        }
    }
}
