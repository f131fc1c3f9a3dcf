package storagebench.bench;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code bench targets} measured for one experiment.
 *
 * @param experiment the experiment whose target and first variant were used
 * @param kind the target's kind
 * @param location its URL, redacted
 * @param variant the variant's factors
 * @param rows inserts per round
 * @param paired per ABBA pair, (a) filegroup-insert's measured step and (b) the plain JDBC loop, ns,
 *     and the load average around the pairs
 */
public record TargetBenchReport(
        String experiment,
        String kind,
        String location,
        Map<String, String> variant,
        int rows,
        Abba.Paired<Long> paired) {
    public static final double TARGET = 0.03;

    List<Long> workloadNanos() {
        return paired.as();
    }

    List<Long> plainNanos() {
        return paired.bs();
    }

    static double median(List<Long> nanos) {
        return PairRatios.median(nanos);
    }

    /** Each pair's a / b: the two ran back to back, so drift of a shared machine cancels. */
    PairRatios pairRatios() {
        return paired.ratios(p -> (double) p.a() / p.b());
    }

    /** a / b on the medians. */
    public double ratio() {
        return median(workloadNanos()) / median(plainNanos());
    }

    /** The median of each pair's a / b. */
    public double pairedRatio() {
        return pairRatios().median();
    }

    /** min a / min b: each side's least disturbed round. */
    public double minRatio() {
        return (double) workloadNanos().stream().mapToLong(Long::longValue).min().orElse(0)
                / plainNanos().stream().mapToLong(Long::longValue).min().orElse(1);
    }

    public String format() {
        StringBuilder out = new StringBuilder();
        line(
                out,
                "bench targets: %s on %s %s, %s, %,d rows per round, %d ABBA pairs after 1 warm-up pair",
                experiment,
                kind,
                location,
                variant,
                rows,
                paired.pairs().size());
        line(out, "%-36s %12s %12s %12s %12s", "", "median ms", "min ms", "max ms", "rows/s");
        row(out, "(a) filegroup-insert measured step", workloadNanos());
        row(out, "(b) plain JDBC loop, same inserts", plainNanos());
        line(out, "%-36s %12.3f", "a / b (medians)", ratio());
        line(out, "%-36s %12.3f", "a / b (min)", minRatio());
        line(
                out,
                "%-36s %12.3f   target within %.0f%%: %s",
                "a / b (median of the pairs)",
                pairedRatio(),
                TARGET * 100,
                Math.abs(pairedRatio() - 1) <= TARGET ? "met" : "NOT met");
        line(out, "%s", pairRatios().summary("a / b per pair"));
        return out.toString();
    }

    private void row(StringBuilder out, String label, List<Long> nanos) {
        double median = median(nanos);
        line(
                out,
                "%-36s %12.1f %12.1f %12.1f %,12.0f",
                label,
                median / 1e6,
                nanos.stream().mapToLong(Long::longValue).min().orElse(0) / 1e6,
                nanos.stream().mapToLong(Long::longValue).max().orElse(0) / 1e6,
                rows * 1e9 / median);
    }

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append(System.lineSeparator());
    }
}
