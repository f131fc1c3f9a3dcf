package storagebench.bench;

import java.util.Arrays;
import java.util.Locale;

/**
 * What {@code bench report} measured: per round the nanoseconds of each step on the same files, and
 * the page's size.
 *
 * @param trials N, the trial rows generated
 * @param files the Parquet files they were written to
 * @param datasetBytes the files' size
 * @param means (a) README's plain query: count and mean per group
 * @param statistics (a2) the summary's statistics as one plain query
 * @param compare (b) compare with its default metrics (the duration and the headline metrics)
 * @param compareDuration (b2) compare --metric duration
 * @param html (c) report --html
 * @param pageBytes the size of the HTML file
 */
public record ReportBenchReport(
        long trials,
        int variants,
        int runs,
        long files,
        long datasetBytes,
        long[] means,
        long[] statistics,
        long[] compare,
        long[] compareDuration,
        long[] html,
        long pageBytes) {
    /** compare and report --html take at most this many times the plain query. */
    public static final double TARGET = 2.0;

    /** The page of 100 variants stays under this size. */
    public static final long PAGE_LIMIT = 3L << 20;

    public String format() {
        StringBuilder out = new StringBuilder();
        line(
                out,
                "bench report: N = %,d trial rows, %d variants, %d runs, %d Parquet file(s) of %,.1f MB;"
                        + " Java %s, %d cores, %d round(s) after one to warm up",
                trials,
                variants,
                runs,
                files,
                datasetBytes / 1048576.0,
                Runtime.version(),
                Runtime.getRuntime().availableProcessors(),
                means.length);
        line(out, "%-50s %9s %9s %9s %7s %7s", "", "median s", "min s", "max s", "/ a", "/ a2");
        seconds(out, "(a) plain GROUP BY: count, mean (README's)", means);
        seconds(out, "(a2) plain GROUP BY: the summary's statistics", statistics);
        seconds(out, "(b) compare (duration and headline metrics)", compare);
        seconds(out, "(b2) compare --metric duration", compareDuration);
        seconds(out, "(c) report --html", html);
        line(
                out,
                "target: b, b2 and c <= %.1f × a: %s",
                TARGET,
                verdict(
                        Math.max(ratio(compare), Math.max(ratio(compareDuration), ratio(html)))
                                <= TARGET));
        line(
                out,
                "%-50s %9.2f   target < %d MB%s",
                "HTML page, MB",
                pageBytes / 1048576.0,
                PAGE_LIMIT >> 20,
                variants == 100
                        ? ": " + verdict(pageBytes < PAGE_LIMIT)
                        : " (judged at 100 variants)");
        return out.toString();
    }

    /** A step's median over the median of (a). */
    double ratio(long[] nanos) {
        return median(nanos) / median(means);
    }

    private static String verdict(boolean met) {
        return met ? "met" : "NOT met";
    }

    static double median(long[] nanos) {
        return PairRatios.median(Arrays.stream(nanos).asDoubleStream().toArray()) / 1e9;
    }

    private void seconds(StringBuilder out, String label, long[] nanos) {
        line(
                out,
                "%-50s %9.3f %9.3f %9.3f %7.2f %7.2f",
                label,
                median(nanos),
                Arrays.stream(nanos).min().orElse(0) / 1e9,
                Arrays.stream(nanos).max().orElse(0) / 1e9,
                median(nanos) / median(means),
                median(nanos) / median(statistics));
    }

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append(System.lineSeparator());
    }
}
