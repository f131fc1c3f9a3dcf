package storagebench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import storagebench.workload.Metric;
import storagebench.workload.Workloads;

/**
 * The means of a metric per experiment, host, variant and step, for the text report: the figures that
 * answer a workload where its duration does not (file-io's IOPS under a fixed run time).
 */
public final class HeadlineTable {
    private HeadlineTable() {}

    /** The duration and every workload's headline metrics: what a text summary reads. */
    public static List<String> metrics() {
        List<String> metrics = new ArrayList<>(List.of(VariantStats.DURATION));
        metrics.addAll(Workloads.headlines().keySet());
        return metrics;
    }

    /** A table per headline metric that some trial among {@code stats} has, in the workloads' order. */
    public static String renderAll(List<VariantStats> stats) {
        StringBuilder out = new StringBuilder();
        for (Metric m : Workloads.headlines().values()) {
            out.append(render(m.name(), m.higherIsBetter(), stats));
        }
        return out.toString();
    }

    /**
     * @param metric the metric's name, shown in the heading
     * @param higherIsBetter which way is better, shown in the heading
     * @return the table, or empty text when no trial has the metric
     */
    public static String render(String metric, boolean higherIsBetter, List<VariantStats> stats) {
        List<String[]> lines = new ArrayList<>();
        lines.add(new String[] {"experiment", "host", "variant", "step", "n", "mean"});
        for (VariantStats s : stats) {
            if (s.metric().equals(metric) && s.runId() == null && s.n() > 0) {
                lines.add(
                        new String[] {
                            TextTable.escape(s.experiment()),
                            TextTable.escape(s.host()),
                            TextTable.escape(s.variant()),
                            TextTable.escape(s.step()),
                            String.valueOf(s.n()),
                            String.format(Locale.ROOT, "%.6g", s.mean())
                        });
            }
        }
        if (lines.size() == 1) {
            return "";
        }
        return "\n"
                + metric
                + (higherIsBetter ? " (higher is better)" : " (lower is better)")
                + "\n"
                + TextTable.aligned(lines, 4);
    }
}
