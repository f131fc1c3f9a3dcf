package storagebench.html;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import storagebench.compare.CompareRequest;
import storagebench.compare.Comparison;
import storagebench.compare.Comparisons;
import storagebench.report.IoPoint;
import storagebench.report.Report;
import storagebench.report.ReportFilter;
import storagebench.report.RunFacts;
import storagebench.report.RunMean;
import storagebench.report.SummaryRow;

/** What the report shows of one experiment, read from the dataset. */
record ExperimentView(
        String experiment,
        List<RunFacts> runs,
        List<SummaryRow> summary,
        List<Comparison> comparisons,
        List<IoPoint> io,
        List<RunMean> runMeans) {

    /** Every experiment with trials that match, in the report's order. */
    static List<ExperimentView> read(Path parquetRoot, ReportFilter filter) {
        List<SummaryRow> summary = Report.summarize(parquetRoot, filter);
        List<RunFacts> runs = RunFacts.read(parquetRoot, filter);
        List<IoPoint> io = IoPoint.read(parquetRoot, filter);
        List<RunMean> means = RunMean.read(parquetRoot, filter);
        Set<String> names = new LinkedHashSet<>();
        summary.forEach(row -> names.add(row.experiment()));
        List<ExperimentView> views = new ArrayList<>();
        for (String name : names) {
            List<Comparison> comparisons =
                    Comparisons.of(parquetRoot, request(name, filter)).stream()
                            .filter(c -> filter.host().map(c.host()::equals).orElse(true))
                            .toList();
            views.add(
                    new ExperimentView(
                            name,
                            runs.stream().filter(r -> r.experiment().equals(name)).toList(),
                            summary.stream().filter(r -> r.experiment().equals(name)).toList(),
                            comparisons,
                            io.stream().filter(p -> p.experiment().equals(name)).toList(),
                            means.stream().filter(m -> m.experiment().equals(name)).toList()));
        }
        return List.copyOf(views);
    }

    private static CompareRequest request(String experiment, ReportFilter filter) {
        return new CompareRequest(
                experiment,
                java.util.Map.of(),
                false,
                CompareRequest.DURATION,
                filter.runId().map(List::of).orElse(List.of()));
    }

    /** Whether a step is a part of another ({@code restore.idx_orders} of {@code restore}). */
    static boolean isSubStep(String step) {
        return step.contains(".");
    }

    /** The steps that are not sub-steps, in the report's order. */
    List<String> mainSteps() {
        return summary.stream()
                .map(SummaryRow::step)
                .filter(s -> !isSubStep(s))
                .distinct()
                .toList();
    }

    /** Steps with sub-steps: the part before the first dot, in the report's order. */
    List<String> parentSteps() {
        return summary.stream()
                .map(SummaryRow::step)
                .filter(ExperimentView::isSubStep)
                .map(s -> s.substring(0, s.indexOf('.')))
                .distinct()
                .toList();
    }

    List<String> files() {
        return io.stream().map(IoPoint::file).distinct().toList();
    }

    long runCount() {
        return runMeans.stream().map(RunMean::runId).distinct().count();
    }

    boolean manyHosts() {
        return summary.stream().map(SummaryRow::host).distinct().count() > 1;
    }
}
