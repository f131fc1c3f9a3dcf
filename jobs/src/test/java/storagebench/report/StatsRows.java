package storagebench.report;

import java.util.Map;

/** Statistics rows as tests need them. */
public final class StatsRows {
    private StatsRows() {}

    /** {@code s} as the statistics of another experiment, variant (with its factors) and step. */
    public static VariantStats moved(
            VariantStats s,
            String experiment,
            String variant,
            Map<String, String> factors,
            String step) {
        return new VariantStats(
                experiment,
                s.host(),
                s.configuration(),
                variant,
                factors,
                step,
                s.metric(),
                s.runId(),
                s.firstTrial(),
                s.started(),
                s.n(),
                s.mean(),
                s.variance(),
                s.median(),
                s.min(),
                s.max(),
                s.p95(),
                s.logMean(),
                s.logVariance(),
                s.failed(),
                s.warmups());
    }
}
