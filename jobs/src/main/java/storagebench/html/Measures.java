package storagebench.html;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import storagebench.report.HeadlineTable;
import storagebench.report.Report;
import storagebench.report.SummaryRow;
import storagebench.report.VariantStats;
import storagebench.workload.Metric;
import storagebench.workload.Workloads;

/**
 * What each step of an experiment is measured by: the first headline metric its trials have (file-io's
 * IOPS under a fixed run time, oltp's NOPM), else its duration; and the summary rows of each metric
 * shown, the headline metrics first, the durations only of the steps they measure.
 *
 * @param ofStep each step's measure
 * @param rows per metric, its summary rows
 */
record Measures(Map<String, String> ofStep, Map<String, List<SummaryRow>> rows) {

    /** The measures of one experiment's statistics over all runs. */
    static Measures of(List<VariantStats> stats) {
        Map<String, Set<String>> measured = new LinkedHashMap<>();
        for (VariantStats s : stats) {
            if (s.runId() == null && s.n() > 0) {
                measured.computeIfAbsent(s.step(), step -> new HashSet<>()).add(s.metric());
            }
        }
        Map<String, String> ofStep = new LinkedHashMap<>();
        measured.forEach((step, metrics) -> ofStep.put(step, headline(metrics)));
        Map<String, List<SummaryRow>> rows = new LinkedHashMap<>();
        for (Metric m : HeadlineTable.present(stats)) {
            rows.put(m.name(), measured(Report.summary(stats, m.name(), m.higherIsBetter())));
        }
        List<SummaryRow> durations =
                measured(Report.summary(stats)).stream()
                        .filter(r -> VariantStats.DURATION.equals(ofStep.get(r.step())))
                        .toList();
        if (!durations.isEmpty()) {
            rows.put(VariantStats.DURATION, durations);
        }
        return new Measures(ofStep, rows);
    }

    /** Every step measured by its duration: a view made of duration rows alone. */
    static Measures ofDurations(List<SummaryRow> summary) {
        Map<String, String> ofStep = new LinkedHashMap<>();
        summary.forEach(r -> ofStep.putIfAbsent(r.step(), VariantStats.DURATION));
        return new Measures(ofStep, Map.of(VariantStats.DURATION, summary));
    }

    /** The step's measure: a headline metric or {@code duration}. */
    String of(String step) {
        return ofStep.getOrDefault(step, VariantStats.DURATION);
    }

    /** The summary rows of the step's measure, one per variant (and host). */
    List<SummaryRow> of(String step, String metric) {
        return rows.getOrDefault(metric, List.of()).stream()
                .filter(r -> r.step().equals(step) && r.mean() != null)
                .toList();
    }

    /** Whether a comparison of {@code metric} in {@code step} is of what the step measures or a headline. */
    boolean shown(String step, String metric) {
        return !VariantStats.DURATION.equals(metric) || VariantStats.DURATION.equals(of(step));
    }

    /** The first headline metric among a step's measured metrics, else {@code duration}. */
    private static String headline(Set<String> metrics) {
        for (String name : Workloads.headlines().keySet()) {
            if (metrics.contains(name)) {
                return name;
            }
        }
        return VariantStats.DURATION;
    }

    private static List<SummaryRow> measured(List<SummaryRow> rows) {
        return rows.stream().filter(r -> r.n() > 0).toList();
    }
}
