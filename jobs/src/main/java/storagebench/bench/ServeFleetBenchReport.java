package storagebench.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.statistics.descriptive.Quantile;

/**
 * What {@code bench serve --hosts} measured, one round per fleet size.
 *
 * @param firings the fleet firings timed per round
 * @param runsPerHost each host's earlier runs in the dataset
 */
public record ServeFleetBenchReport(int firings, int runsPerHost, List<Round> rounds) {
    /** The scheduling delay's target for p99 at {@link #AT_HOSTS} hosts. */
    public static final long DELAY_TARGET_MS = 2_000;

    /** The Fleet page's target, at {@link #AT_HOSTS} hosts. */
    public static final double PAGE_TARGET_MS = 300;

    /** The fleet size the targets are set for. */
    public static final int AT_HOSTS = 10;

    private static final Quantile NEAREST_RANK =
            Quantile.withDefaults().withCopy(false).with(Quantile.EstimationMethod.HF1);

    /**
     * One fleet size.
     *
     * @param everySeconds the seconds between two fleet firings
     * @param delays every host's share of the timed fleet firings: started minus due, milliseconds
     * @param idleStatements the statements the idle services ran on the repository in {@code
     *     idleSeconds} s, by statement text (empty where the repository gives no count)
     * @param idleSeconds how long they were counted
     * @param page the Fleet page's first request (it draws the page), then each timed one after
     *     three more (which show what the first drew, until a firing or the dataset changes),
     *     nanoseconds (loopback, client side)
     * @param rss each idle service's resident memory, bytes
     * @param brokerRss the embedded broker's, bytes
     * @param complete the fleet firings every host took a share of in time (the delays are theirs);
     *     fewer than timed when hosts fell behind
     * @param missed the shares left out under the misfire policy: their host was busy past the
     *     misfire threshold
     */
    public record Round(
            int hosts,
            int everySeconds,
            int complete,
            int missed,
            List<Long> delays,
            Map<String, Long> idleStatements,
            int idleSeconds,
            long[] page,
            List<Long> rss,
            long brokerRss) {

        double delay(double p) {
            if (delays.isEmpty()) {
                return Double.NaN;
            }
            return NEAREST_RANK.evaluate(
                    delays.stream().mapToDouble(Long::doubleValue).toArray(), p);
        }

        double pageMillis(double p) {
            return NEAREST_RANK.evaluate(
                            Arrays.stream(page, 1, page.length).asDoubleStream().toArray(), p)
                    / 1e6;
        }

        double statementsPerSecond() {
            return idleStatements.values().stream().mapToLong(Long::longValue).sum()
                    / (double) idleSeconds;
        }

        double rssMb(double p) {
            return NEAREST_RANK.evaluate(rss.stream().mapToDouble(Long::doubleValue).toArray(), p)
                    / 1048576.0;
        }
    }

    public String format() {
        StringBuilder out = new StringBuilder();
        line(
                out,
                "bench serve --hosts: a hosts: all schedule of a trivial experiment, %d fleet firings"
                        + " timed per fleet size; %,d earlier runs per host in the dataset; Java %s, %d"
                        + " cores",
                firings,
                runsPerHost,
                Runtime.version(),
                Runtime.getRuntime().availableProcessors());
        line(
                out,
                "%5s  %5s  %8s  %6s  %6s  %26s  %22s  %31s  %18s  %8s",
                "hosts",
                "every",
                "firings",
                "shares",
                "missed",
                "delay ms: median p99 max",
                "repository stmts/s",
                "Fleet page ms: first med p95",
                "idle RSS MB: med max",
                "broker");
        for (Round r : rounds) {
            line(
                    out,
                    "%5d  %4ds  %8s  %6d  %6d  %8.0f %8.0f %8.0f  %9s %5s/host  %6.0f %6.0f %6.0f (%,d runs)  %8.0f %8.0f  %8.0f",
                    r.hosts(),
                    r.everySeconds(),
                    r.complete() + "/" + firings,
                    r.delays().size(),
                    r.missed(),
                    r.delay(0.5),
                    r.delay(0.99),
                    r.delay(1.0),
                    r.idleStatements().isEmpty()
                            ? "n/a"
                            : String.format(Locale.ROOT, "%.1f", r.statementsPerSecond()),
                    r.idleStatements().isEmpty()
                            ? ""
                            : String.format(
                                    Locale.ROOT, "%.1f", r.statementsPerSecond() / r.hosts()),
                    r.page()[0] / 1e6,
                    r.pageMillis(0.5),
                    r.pageMillis(0.95),
                    (long) r.hosts() * runsPerHost,
                    r.rssMb(0.5),
                    r.rssMb(1.0),
                    r.brokerRss() / 1048576.0);
        }
        rounds.stream()
                .filter(r -> r.hosts() == AT_HOSTS)
                .findFirst()
                .ifPresent(
                        r -> {
                            line(
                                    out,
                                    "target: scheduling delay p99 < %d ms at %d hosts: %s",
                                    DELAY_TARGET_MS,
                                    AT_HOSTS,
                                    r.complete() < firings || r.missed() > 0
                                            ? String.format(
                                                    Locale.ROOT,
                                                    "NOT met: %d of %d fleet firings taken by every"
                                                            + " host in time, %d share(s) left out"
                                                            + " by busy hosts",
                                                    r.complete(),
                                                    firings,
                                                    r.missed())
                                            : r.delay(0.99) < DELAY_TARGET_MS ? "met" : "NOT met");
                            line(
                                    out,
                                    "target: Fleet page < %.0f ms at %d hosts x %,d runs: %s",
                                    PAGE_TARGET_MS,
                                    AT_HOSTS,
                                    runsPerHost,
                                    r.pageMillis(0.5) < PAGE_TARGET_MS
                                            ? "met (median)"
                                            : "NOT met (median)");
                        });
        rounds.stream()
                .reduce((a, b) -> b)
                .filter(r -> !r.idleStatements().isEmpty())
                .ifPresent(
                        r -> {
                            line(
                                    out,
                                    "the idle repository's statements at %d host(s), per second:",
                                    r.hosts());
                            r.idleStatements().entrySet().stream()
                                    .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                                    .limit(8)
                                    .forEach(
                                            e ->
                                                    line(
                                                            out,
                                                            "  %6.2f  %s",
                                                            e.getValue() / (double) r.idleSeconds(),
                                                            abbreviated(e.getKey())));
                        });
        return out.toString();
    }

    private static String abbreviated(String sql) {
        String one = sql.replaceAll("\\s+", " ").strip();
        return one.length() > 100 ? one.substring(0, 97) + "..." : one;
    }

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append(System.lineSeparator());
    }
}
