package storagebench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
        StringBuilder out = new StringBuilder();
        for (Metric m : present(stats)) {
            out.append(render(m.name(), m.higherIsBetter(), stats));
        }
        return out.toString();
    }

    /**
     * @param metric the metric's name, shown in the heading
     * @param higherIsBetter which way is better, shown in the heading and the ratios' best
     * @return the table, or empty text when no trial has the metric
     */
    public static String render(String metric, boolean higherIsBetter, List<VariantStats> stats) {
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
        lines.add(header.toArray(String[]::new));
        for (SummaryRow r : rows) {
            List<String> cells =
                    new ArrayList<>(
                            List.of(
                                    TextTable.escape(r.experiment()),
                                    TextTable.escape(r.host()),
                                    TextTable.configuration(r),
                                    TextTable.escape(r.variant()),
                                    TextTable.escape(r.step()),
                                    String.valueOf(r.n()),
                                    number(r.mean()),
                                    number(r.median()),
                                    number(r.min()),
                                    number(r.max()),
                                    r.ci95() == null ? TextTable.NONE : "±" + number(r.ci95())));
            cells.addAll(TextTable.ratioCells(r, ratios));
            lines.add(cells.toArray(String[]::new));
        }
        return "\n"
                + metric
                + (higherIsBetter ? " (higher is better)" : " (lower is better)")
                + "\n"
                + TextTable.alignedWithoutEmpty(lines, 5);
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
