package storagebench.compare;

import java.util.List;
import java.util.Map;
import storagebench.report.HostScope;

/**
 * What to compare.
 *
 * @param experiment the experiment, or null for every one
 * @param baseline factor values the baseline has (others held fixed), or empty for the best variant
 * @param byHost compare hosts for each variant instead of variants on each host
 * @param metric {@code duration} or a metric name of the trials
 * @param runs the runs to read, or empty for all
 * @param pool whether runs of different fixed configurations are pooled (on purpose, {@code --pool})
 * @param hosts the hosts whose trials are compared ({@code --host}, {@code --host-label})
 */
public record CompareRequest(
        String experiment,
        Map<String, String> baseline,
        boolean byHost,
        String metric,
        List<String> runs,
        boolean pool,
        HostScope hosts) {

    public static final String DURATION = "duration";

    /** A request over the trials of every host. */
    public CompareRequest(
            String experiment,
            Map<String, String> baseline,
            boolean byHost,
            String metric,
            List<String> runs,
            boolean pool) {
        this(experiment, baseline, byHost, metric, runs, pool, HostScope.ALL);
    }

    /** This request for another metric. */
    public CompareRequest withMetric(String name) {
        return new CompareRequest(experiment, baseline, byHost, name, runs, pool, hosts);
    }

    /** This request over the trials of {@code scope}'s hosts only. */
    public CompareRequest withHosts(HostScope scope) {
        return new CompareRequest(experiment, baseline, byHost, metric, runs, pool, scope);
    }

    public static CompareRequest of(String experiment) {
        return new CompareRequest(experiment, Map.of(), false, DURATION, List.of(), false);
    }
}
