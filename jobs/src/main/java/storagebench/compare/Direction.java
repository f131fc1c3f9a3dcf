package storagebench.compare;

import java.util.Locale;
import java.util.Set;
import storagebench.workload.Metric;
import storagebench.workload.Workloads;

/**
 * Whether a larger value of a metric is better: as a workload declares it ({@link Metric}), else
 * throughput is and durations and latencies are not.
 */
public final class Direction {
    private static final Set<String> HIGHER =
            Set.of("iops", "mb_per_s", "tps", "tpm", "nopm", "throughput", "goodput", "rows_per_s");

    private Direction() {}

    public static boolean higherIsBetter(String metric) {
        Metric declared = Workloads.headlines().get(metric);
        if (declared != null) {
            return declared.higherIsBetter();
        }
        String name = metric.toLowerCase(Locale.ROOT);
        return HIGHER.contains(name)
                || name.endsWith("_per_s")
                || name.endsWith("_per_min")
                || name.endsWith("_iops");
    }
}
