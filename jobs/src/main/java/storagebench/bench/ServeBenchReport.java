package storagebench.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.statistics.descriptive.Quantile;

/**
 * What {@code bench serve} measured.
 *
 * @param delays each firing's fired minus due, milliseconds, in due order
 * @param page the dashboard's first request (it reads the dataset), then each timed one (which read
 *     what the first kept), nanoseconds (loopback, client side)
 * @param serveRss the idle service's resident memory, bytes
 * @param brokerRss its embedded broker's, bytes (0 when none)
 */
public record ServeBenchReport(
        int firings, int runs, List<Long> delays, long[] page, long serveRss, long brokerRss) {
    /** The scheduling delay's target for p99. */
    public static final long DELAY_TARGET_MS = 1_000;

    /** The dashboard's target with the runs in the dataset. */
    public static final double PAGE_TARGET_MS = 300;

    /** Nearest rank: the value at ⌈p·n⌉ in ascending order. */
    private static final Quantile NEAREST_RANK =
            Quantile.withDefaults().withCopy(false).with(Quantile.EstimationMethod.HF1);

    /** The {@code p} quantile of the delays by nearest rank: a delay that some firing had. */
    long delayPercentile(double p) {
        return (long)
                NEAREST_RANK.evaluate(delays.stream().mapToDouble(Long::doubleValue).toArray(), p);
    }

    /** The {@code p} quantile by nearest rank of the timed requests (all but the first). */
    double pageMillis(double p) {
        return NEAREST_RANK.evaluate(
                        Arrays.stream(page, 1, page.length).asDoubleStream().toArray(), p)
                / 1e6;
    }

    public String format() {
        StringBuilder out = new StringBuilder();
        line(
                out,
                "bench serve: %d firings of a trivial experiment every second; %,d runs in the dataset;"
                        + " Java %s, %d cores",
                firings,
                runs,
                Runtime.version(),
                Runtime.getRuntime().availableProcessors());
        line(
                out,
                "%-46s median %5d ms  p99 %5d ms  max %5d ms   target p99 < %d ms: %s",
                "scheduling delay (fired - due)",
                delayPercentile(0.5),
                delayPercentile(0.99),
                delayPercentile(1.0),
                DELAY_TARGET_MS,
                delayPercentile(0.99) < DELAY_TARGET_MS ? "met" : "NOT met");
        line(
                out,
                "%-46s median %5.0f ms  p95 %5.0f ms  max %5.0f ms   target < %.0f ms: %s",
                "dashboard GET / (" + (page.length - 1) + " more requests)",
                pageMillis(0.5),
                pageMillis(0.95),
                pageMillis(1.0),
                PAGE_TARGET_MS,
                pageMillis(0.5) < PAGE_TARGET_MS ? "met (median)" : "NOT met (median)");
        line(out, "%-46s %5.0f ms", "dashboard GET /, the first after start", page[0] / 1e6);
        line(out, "%-46s %,8.0f MB", "idle serve, resident memory", serveRss / 1048576.0);
        line(out, "%-46s %,8.0f MB", "its embedded broker, resident memory", brokerRss / 1048576.0);
        return out.toString();
    }

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append(System.lineSeparator());
    }
}
