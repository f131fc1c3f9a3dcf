package storagebench.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What {@code bench cluster} measured.
 *
 * @param brokers the cluster's brokers
 * @param trials trials per overhead run
 * @param pairs per pair, in the order run, the median per-trial overhead on the embedded broker and
 *     on the cluster, milliseconds
 * @param loadBefore the 1-minute load average before the overhead runs
 * @param loadAfter and after them
 * @param seed what chose the moments of the kills
 * @param kills each kill of the run's partition leader and the stall it caused
 */
public record ClusterBenchReport(
        int brokers,
        int trials,
        List<Pair> pairs,
        double loadBefore,
        double loadAfter,
        long seed,
        List<Kill> kills) {
    /** The failover target for the median stall. */
    public static final double STALL_TARGET_S = 10;

    /**
     * One pair of runs.
     *
     * @param clusterFirst whether the cluster's run came first (ABBA: every other pair)
     * @param embeddedMs median per-trial overhead on the embedded broker
     * @param clusterMs median per-trial overhead on the cluster
     */
    public record Pair(boolean clusterFirst, double embeddedMs, double clusterMs) {
        double ratio() {
            return clusterMs / embeddedMs;
        }
    }

    /**
     * One kill.
     *
     * @param broker the broker killed, leader of the run's partition
     * @param controller whether it was also the active KRaft controller
     * @param stallNanos from the SIGKILL to the trial under way recorded
     */
    public record Kill(int broker, boolean controller, long stallNanos) {
        double seconds() {
            return stallNanos / 1e9;
        }
    }

    static double median(double[] values) {
        return PairRatios.median(values);
    }

    double[] ratios() {
        return pairs.stream().mapToDouble(Pair::ratio).toArray();
    }

    double[] stalls() {
        return kills.stream().mapToDouble(Kill::seconds).toArray();
    }

    public String format() {
        StringBuilder out = new StringBuilder();
        line(
                out,
                "bench cluster: %d KRaft brokers on loopback (each broker and controller), topic of 6"
                        + " partitions, replication factor 3, min.insync.replicas 2; acks=all,"
                        + " idempotent producer; Java %s, %d cores",
                brokers,
                Runtime.version(),
                Runtime.getRuntime().availableProcessors());
        if (!pairs.isEmpty()) {
            line(
                    out,
                    "per-trial overhead (median of %d trials of `true`), embedded broker (A) and"
                            + " cluster (B) in ABBA order:",
                    trials);
            for (int i = 0; i < pairs.size(); i++) {
                Pair p = pairs.get(i);
                line(
                        out,
                        "  pair %d (%s)  embedded %6.2f ms  cluster %6.2f ms  ratio x%.2f",
                        i + 1,
                        p.clusterFirst() ? "BA" : "AB",
                        p.embeddedMs(),
                        p.clusterMs(),
                        p.ratio());
            }
            double[] ratios = ratios();
            line(
                    out,
                    "  ratio cluster / embedded: median x%.2f (range x%.2f to x%.2f); load average"
                            + " %.2f before, %.2f after",
                    median(ratios),
                    Arrays.stream(ratios).min().orElse(0),
                    Arrays.stream(ratios).max().orElse(0),
                    loadBefore,
                    loadAfter);
        }
        if (!kills.isEmpty()) {
            line(
                    out,
                    "failover: %d SIGKILLs of the run's partition leader during a trial (seed %d);"
                            + " kill to the next committed trial:",
                    kills.size(),
                    seed);
            for (int i = 0; i < kills.size(); i++) {
                Kill k = kills.get(i);
                line(
                        out,
                        "  kill %2d  broker %d%-24s %5.1f s",
                        i + 1,
                        k.broker(),
                        k.controller() ? ", the active controller" : "",
                        k.seconds());
            }
            double[] stalls = stalls();
            double median = median(stalls);
            line(
                    out,
                    "  stall median %.1f s, max %.1f s   target median < %.0f s: %s",
                    median,
                    Arrays.stream(stalls).max().orElse(0),
                    STALL_TARGET_S,
                    median < STALL_TARGET_S ? "met" : "NOT met");
        }
        return out.toString();
    }

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append(System.lineSeparator());
    }
}
