package storagebench.report;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import storagebench.workload.Metric;
import storagebench.workload.Workloads;

/**
 * The statistics of a metric per experiment, host, variant and step, for the text report: the figures
 * that answer a workload where its duration does not (file-io's IOPS under a fixed run time, oltp's
 * NOPM). A column {@code ×FACTOR} per factor gives each mean over the best mean (the largest where
 * higher is better) among the variants that differ from it in that factor only, as the durations'
 * table does.
 */
public final class HeadlineTable {
    private HeadlineTable() {}

    /** The duration and every workload's headline metrics: what a text summary reads. */
    public static List<String> metrics() {
        List<String> metrics = new ArrayList<>(List.of(VariantStats.DURATION));
        metrics.addAll(Workloads.headlines().keySet());
        return metrics;
    }

    /** The headline metrics that some trial among {@code stats} has, in the workloads' order. */
    public static List<Metric> present(List<VariantStats> stats) {
        List<Metric> present = new ArrayList<>();
        for (Metric m : Workloads.headlines().values()) {
            if (stats.stream().anyMatch(s -> s.metric().equals(m.name()) && s.n() > 0)) {
                present.add(m);
            }
        }
        return present;
    }

    /** A table per headline metric that some trial among {@code stats} has, in the workloads' order. */
    public static String renderAll(List<VariantStats> stats) {
        return renderAll(stats, Map.of(), false, SharedFactors.none());
    }

    /**
     * As {@link #renderAll(List)}, each row with the failed and warm-up trials of its group as {@code
     * counts} gives them ({@link #key}: the duration's summary rows, which every trial has), else as its
     * own metric's rows count them; as Markdown tables where {@code markdown}; each variant named as
     * {@code shared} names it.
     */
    static String renderAll(
            List<VariantStats> stats,
            Map<String, SummaryRow> counts,
            boolean markdown,
            SharedFactors shared) {
        StringBuilder out = new StringBuilder();
        for (Metric m : present(stats)) {
            out.append(render(m.name(), m.higherIsBetter(), stats, counts, markdown, shared));
        }
        return out.toString();
    }

    /** The group of a summary row: experiment, host, configuration, variant and step. */
    static String key(SummaryRow r) {
        return key(r.experiment(), r.host(), r.configuration(), r.variant(), r.step());
    }

    /** The group of a statistics row, as {@link #key(SummaryRow)}. */
    private static String key(VariantStats s) {
        return key(s.experiment(), s.host(), s.configuration(), s.variant(), s.step());
    }

    private static String key(
            String experiment, String host, String configuration, String variant, String step) {
        return String.join("\n", experiment, host, configuration, variant, step);
    }

    /**
     * The groups (as {@link #key}) that some headline metric measures: a measured trial of theirs has
     * one.
     */
    static Set<String> measured(List<VariantStats> stats) {
        Set<String> names = present(stats).stream().map(Metric::name).collect(Collectors.toSet());
        Set<String> keys = new HashSet<>();
        for (VariantStats s : stats) {
            if (names.contains(s.metric()) && s.runId() == null && s.n() > 0) {
                keys.add(key(s));
            }
        }
        return keys;
    }

    /**
     * {@code stats} without the duration's rows of the groups that some headline metric measures
     * ({@link #measured}): such a step ran for the length it was set to, so its duration answers
     * nothing where the metric is there to answer.
     */
    public static List<VariantStats> withoutMeasuredDurations(List<VariantStats> stats) {
        Set<String> measured = measured(stats);
        if (measured.isEmpty()) {
            return stats;
        }
        return stats.stream()
                .filter(
                        s ->
                                !(s.metric().equals(VariantStats.DURATION)
                                        && measured.contains(key(s))))
                .toList();
    }

    /**
     * @param metric the metric's name, shown in the heading
     * @param higherIsBetter which way is better, shown in the heading and the ratios' best
     * @return the table, or empty text when no trial has the metric
     */
    public static String render(String metric, boolean higherIsBetter, List<VariantStats> stats) {
        return render(metric, higherIsBetter, stats, Map.of(), false, SharedFactors.none());
    }

    private static String render(
            String metric,
            boolean higherIsBetter,
            List<VariantStats> stats,
            Map<String, SummaryRow> counts,
            boolean markdown,
            SharedFactors shared) {
        List<SummaryRow> rows =
                Report.summary(stats, metric, higherIsBetter).stream()
                        .filter(r -> r.n() > 0)
                        .toList();
        if (rows.isEmpty()) {
            return "";
        }
        List<String> ratios = TextTable.ratioNames(rows);
        List<String[]> lines = new ArrayList<>();
        List<String> header =
                new ArrayList<>(
                        List.of(
                                "experiment",
                                "host",
                                "configuration",
                                "variant",
                                "step",
                                "n",
                                "mean",
                                "median",
                                "min",
                                "max",
                                "ci95"));
        ratios.forEach(f -> header.add("×" + f));
        header.addAll(List.of("failed", "warmups"));
        lines.add(header.toArray(String[]::new));
        for (SummaryRow r : rows) {
            List<String> cells =
                    new ArrayList<>(
                            List.of(
                                    TextTable.escape(r.experiment()),
                                    TextTable.escape(r.host()),
                                    TextTable.configuration(r),
                                    TextTable.variant(r, shared),
                                    TextTable.escape(r.step()),
                                    String.valueOf(r.n()),
                                    number(r.mean()),
                                    number(r.median()),
                                    number(r.min()),
                                    number(r.max()),
                                    r.ci95() == null ? TextTable.NONE : "±" + number(r.ci95())));
            cells.addAll(TextTable.ratioCells(r, ratios));
            SummaryRow all = counts.getOrDefault(key(r), r);
            cells.add(String.valueOf(all.failed()));
            cells.add(String.valueOf(all.warmups()));
            lines.add(cells.toArray(String[]::new));
        }
        String better = higherIsBetter ? " (higher is better)" : " (lower is better)";
        return markdown
                ? "\n**"
                        + metric
                        + "**"
                        + better
                        + "\n\n"
                        + TextTable.markdownWithoutEmpty(lines, 5)
                : "\n" + metric + better + "\n" + TextTable.alignedWithoutEmpty(lines, 5);
    }

    /** A figure with as many decimals as its size calls for: 15,137; 231.4; 16.72; 0.0831. */
    static String number(Double value) {
        if (value == null || value.isNaN()) {
            return TextTable.NONE;
        }
        double abs = Math.abs(value);
        if (abs >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        if (abs >= 100) {
            return String.format(Locale.ROOT, "%.1f", value);
        }
        if (abs >= 1 || abs == 0) {
            return String.format(Locale.ROOT, "%.2f", value);
        }
        return String.format(Locale.ROOT, "%.3g", value);
    }
}
