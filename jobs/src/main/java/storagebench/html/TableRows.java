package storagebench.html;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import storagebench.compare.Comparison;
import storagebench.compare.VerdictSentence;
import storagebench.report.RunFacts;
import storagebench.report.SummaryRow;
import storagebench.report.TextTable;
import storagebench.report.VariantStats;

/** The page's tables: the runs' facts, the summary and the comparisons, as text cells. */
final class TableRows {
    static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
                    .withZone(ZoneOffset.UTC);

    private TableRows() {}

    /** One row per fact (host first, then target), one column per run. */
    static Table facts(List<RunFacts> shown) {
        List<String> header = new ArrayList<>(List.of("fact"));
        shown.forEach(r -> header.add(r.runId() + " (" + TIME.format(r.started()) + ")"));
        List<List<String>> rows = new ArrayList<>();
        for (String side : List.of("host", "target")) {
            Set<String> keys = new LinkedHashSet<>();
            shown.forEach(r -> keys.addAll(facts(r, side).keySet()));
            for (String key : keys) {
                List<String> row = new ArrayList<>(List.of(side + "." + key));
                shown.forEach(r -> row.add(facts(r, side).getOrDefault(key, "")));
                rows.add(row);
            }
        }
        return new Table("facts", header, rows, Set.of());
    }

    private static Map<String, String> facts(RunFacts run, String side) {
        return side.equals("host") ? run.host() : run.target();
    }

    /**
     * The summary of one metric: durations in one unit per step, as the text report has them; other
     * metrics in their own unit, which their name gives.
     */
    static Table summary(ExperimentView view, String metric) {
        List<SummaryRow> shown = view.measures().rows().getOrDefault(metric, List.of());
        boolean seconds = VariantStats.DURATION.equals(metric);
        Map<String, Scale> scales = new LinkedHashMap<>();
        for (String step : shown.stream().map(SummaryRow::step).distinct().toList()) {
            scales.put(
                    step,
                    Scale.forSeconds(
                            shown.stream()
                                    .filter(r -> r.step().equals(step))
                                    .map(SummaryRow::mean)
                                    .toList()));
        }
        List<String> ratios = TextTable.ratioNames(shown);
        List<String> header =
                new ArrayList<>(
                        List.of(
                                "host", "step", "unit", "n", "mean", "median", "stddev", "95% CI",
                                "min", "max", "p95"));
        ratios.forEach(r -> header.add("×" + r));
        header.addAll(List.of("failed", "warm-ups"));
        List<List<String>> rows = new ArrayList<>();
        for (SummaryRow r : shown) {
            Scale s = scales.get(r.step());
            Function<Double, String> f =
                    seconds ? s::format : v -> v == null ? "" : Scale.significant(v);
            List<String> row =
                    new ArrayList<>(
                            List.of(
                                    r.host(),
                                    r.step(),
                                    seconds ? s.symbol() : metric,
                                    Long.toString(r.n()),
                                    f.apply(r.mean()),
                                    f.apply(r.median()),
                                    f.apply(r.stddev()),
                                    interval(r, f),
                                    f.apply(r.min()),
                                    f.apply(r.max()),
                                    f.apply(r.p95())));
            for (String name : ratios) {
                Double ratio = r.ratios().get(name);
                row.add(ratio == null ? "" : String.format(Locale.ROOT, "×%.2f", ratio));
            }
            row.add(Long.toString(r.failed()));
            row.add(Long.toString(r.warmups()));
            rows.add(row);
        }
        Set<Integer> numeric = new LinkedHashSet<>();
        for (int i = 3; i < header.size(); i++) {
            numeric.add(i);
        }
        // the variant by the factors that tell it apart: none where the experiment has one variant
        return new Table("summary", header, rows, numeric)
                .withColumn(1, "variant", shown.stream().map(view.shared()::variant).toList())
                .withColumn(
                        1, "configuration", shown.stream().map(SummaryRow::configuration).toList());
    }

    /**
     * The comparisons, each side by the factors that tell it apart and the factors held fixed beside
     * them, but those every variant shares ({@code said}, under the page's heading).
     */
    static Table comparisons(List<Comparison> comparisons, Set<String> said) {
        List<String> header =
                List.of(
                        "host",
                        "step",
                        "metric",
                        "variant",
                        "baseline",
                        "n",
                        "baseline n",
                        "ratio of means",
                        "95% CI",
                        "ratio of medians",
                        "test",
                        "p",
                        "p (Holm)",
                        "repetitions for 5%",
                        "verdict");
        List<List<String>> rows = new ArrayList<>();
        for (Comparison c : comparisons) {
            rows.add(
                    List.of(
                            c.host(),
                            c.step(),
                            c.metric(),
                            VerdictSentence.distinct(c.variant(), c.fixed()),
                            VerdictSentence.distinct(c.baseline(), c.fixed()),
                            Long.toString(c.n()),
                            Long.toString(c.baselineN()),
                            number("×%s", c.ratioOfMeans()),
                            c.low() == null || c.high() == null
                                    ? ""
                                    : number("[×%s", c.low()) + number(", ×%s]", c.high()),
                            number("×%s", c.ratioOfMedians()),
                            c.test() == null ? "" : c.test(),
                            number("%s", c.p()),
                            number("%s", c.pAdjusted()),
                            c.repetitions() == null ? "" : c.repetitions().toString(),
                            c.verdict() == null ? "" : c.verdict()));
        }
        return new Table("comparisons", header, rows, Set.of(5, 6, 7, 9, 11, 12, 13))
                .withColumn(
                        5,
                        "held fixed",
                        comparisons.stream().map(c -> VerdictSentence.fixed(c, said)).toList())
                .withColumn(
                        1,
                        "configuration",
                        comparisons.stream().map(Comparison::configuration).toList());
    }

    /** The 95% interval of the mean as its bounds: a skewed sample's is not symmetric. */
    private static String interval(SummaryRow r, Function<Double, String> f) {
        return r.ciLow() == null ? "" : "[" + f.apply(r.ciLow()) + ", " + f.apply(r.ciHigh()) + "]";
    }

    private static String number(String format, Double value) {
        return value == null ? "" : String.format(Locale.ROOT, format, Scale.significant(value));
    }
}
