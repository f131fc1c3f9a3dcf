package storagebench.compare;

import java.util.List;
import java.util.Map;

/**
 * What to compare.
 *
 * @param experiment the experiment, or null for every one
 * @param baseline factor values the baseline has (others held fixed), or empty for the best variant
 * @param byHost compare hosts for each variant instead of variants on each host
 * @param metric {@code duration} or a metric name of the trials
 * @param runs the runs to read, or empty for all
 * @param pool whether runs of different fixed configurations are pooled (on purpose, {@code --pool})
 */
public record CompareRequest(
        String experiment,
        Map<String, String> baseline,
        boolean byHost,
        String metric,
        List<String> runs,
        boolean pool) {

    public static final String DURATION = "duration";

    /** This request for another metric. */
    public CompareRequest withMetric(String name) {
        return new CompareRequest(experiment, baseline, byHost, name, runs, pool);
    }

    public static CompareRequest of(String experiment) {
        return new CompareRequest(experiment, Map.of(), false, DURATION, List.of(), false);
    }
}
