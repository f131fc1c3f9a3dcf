package storagebench.bench;

import java.util.List;
import java.util.Locale;

/**
 * What {@code bench report} measured on the same files: each of (a2) the summary's statistics as one
 * plain query, (b) compare, (b2) compare of the duration and (c) report --html timed in ABBA pairs
 * against (a) README's plain {@code GROUP BY}, in nanoseconds; and the page's size.
 *
 * @param trials N, the trial rows generated
 * @param files the Parquet files they were written to
 * @param datasetBytes the files' size
 * @param statistics (a) then (a2) per pair
 * @param compare (a) then (b): compare with its default metrics (the duration and the headline metrics)
 * @param compareDuration (a) then (b2): compare --metric duration
 * @param html (a) then (c): report --html
 * @param pageBytes the size of the HTML file
 */
public record ReportBenchReport(
        long trials,
        int variants,
        int runs,
        long files,
        long datasetBytes,
        Abba.Paired<Long> statistics,
        Abba.Paired<Long> compare,
        Abba.Paired<Long> compareDuration,
        Abba.Paired<Long> html,
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
                        + " Java %s, %d cores; each step against (a) in %d ABBA pair(s) after one to"
                        + " warm up",
                trials,
                variants,
                runs,
                files,
                datasetBytes / 1048576.0,
                Runtime.version(),
                Runtime.getRuntime().availableProcessors(),
                html.pairs().size());
        line(out, "(a) plain GROUP BY: count, mean (README's)");
        line(out, "%-48s %12s %12s %9s", "", "(a) median s", "step median s", "step / a");
        for (Step step : steps()) {
            line(
                    out,
                    "%-48s %12.3f %12.3f %9.2f",
                    step.label(),
                    PairRatios.median(step.paired().as()) / 1e9,
                    PairRatios.median(step.paired().bs()) / 1e9,
                    ratios(step.paired()).median());
        }
        for (Step step : steps()) {
            line(out, "%s", ratios(step.paired()).summary(step.ratio()));
        }
        line(
                out,
                "target: b, b2 and c <= %.1f × a (median of the pairs' ratios): %s",
                TARGET,
                verdict(
                        Math.max(
                                        ratios(compare).median(),
                                        Math.max(
                                                ratios(compareDuration).median(),
                                                ratios(html).median()))
                                <= TARGET));
        line(
                out,
                "%-48s %12.2f   target < %d MB%s",
                "HTML page, MB",
                pageBytes / 1048576.0,
                PAGE_LIMIT >> 20,
                variants == 100
                        ? ": " + verdict(pageBytes < PAGE_LIMIT)
                        : " (judged at 100 variants)");
        return out.toString();
    }

    /** Each pair's step over its (a). */
    static PairRatios ratios(Abba.Paired<Long> paired) {
        return paired.ratios(p -> (double) p.b() / p.a());
    }

    private List<Step> steps() {
        return List.of(
                new Step("(a2) plain GROUP BY: the summary's statistics", "a2 / a", statistics),
                new Step("(b) compare (duration and headline metrics)", "b / a", compare),
                new Step("(b2) compare --metric duration", "b2 / a", compareDuration),
                new Step("(c) report --html", "c / a", html));
    }

    /** A step timed against (a), its line's label and its ratio's name. */
    private record Step(String label, String ratio, Abba.Paired<Long> paired) {}

    private static String verdict(boolean met) {
        return met ? "met" : "NOT met";
    }

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append(System.lineSeparator());
    }
}
