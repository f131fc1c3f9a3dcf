package storagebench.workload;

/**
 * A metric a workload's measured step reports that answers what the workload asks (a headline), and
 * which way is better.
 *
 * @param name the metric's key in the trial's metrics
 * @param higherIsBetter whether a larger value is better (throughput) or worse (latency)
 * @param doc one line for people
 */
public record Metric(String name, boolean higherIsBetter, String doc) {
    public static Metric higher(String name, String doc) {
        return new Metric(name, true, doc);
    }

    public static Metric lower(String name, String doc) {
        return new Metric(name, false, doc);
    }
}
