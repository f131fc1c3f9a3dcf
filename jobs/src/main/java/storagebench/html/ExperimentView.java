package storagebench.html;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import storagebench.compare.CompareRequest;
import storagebench.compare.Comparison;
import storagebench.compare.Comparisons;
import storagebench.compare.Mechanism;
import storagebench.compare.Trend;
import storagebench.compare.TrendOptions;
import storagebench.compare.Trends;
import storagebench.experiment.DeclaredDescription;
import storagebench.report.Baselines;
import storagebench.report.HeadlineTable;
import storagebench.report.HostFigure;
import storagebench.report.HostPoint;
import storagebench.report.IoPoint;
import storagebench.report.LatestConfigs;
import storagebench.report.Report;
import storagebench.report.ReportFilter;
import storagebench.report.RunFacts;
import storagebench.report.RunMean;
import storagebench.report.SharedFactors;
import storagebench.report.SummaryRow;
import storagebench.report.Tables;
import storagebench.report.ThroughputPoint;
import storagebench.report.TopWait;
import storagebench.report.TrialValues;
import storagebench.report.Unsteady;
import storagebench.report.VariantStats;

/**
 * What the report shows of one experiment, read from the dataset.
 *
 * @param runMeans each variant's mean of each step's measure per run, for the trend lines
 * @param trends each main step's measure per host and variant across the runs, with its change points
 *     (the trend lines' marks); none where the report is of one run
 */
record ExperimentView(
        String experiment,
        List<RunFacts> runs,
        List<SummaryRow> summary,
        List<Comparison> comparisons,
        List<IoPoint> io,
        List<ThroughputPoint> throughput,
        List<HostPoint> host,
        List<RunMean> runMeans,
        String question,
        Measures measures,
        List<TopWait> waits,
        List<Comparison> hostComparisons,
        List<Trend> trends,
        SharedFactors shared) {

    /** The window of the trends' window method, which the marks do not use. */
    private static final int WINDOW = 5;

    /** As the canonical one, the factors every variant shares found among {@code summary}'s rows. */
    ExperimentView(
            String experiment,
            List<RunFacts> runs,
            List<SummaryRow> summary,
            List<Comparison> comparisons,
            List<IoPoint> io,
            List<ThroughputPoint> throughput,
            List<HostPoint> host,
            List<RunMean> runMeans,
            String question,
            Measures measures,
            List<TopWait> waits,
            List<Comparison> hostComparisons,
            List<Trend> trends) {
        this(
                experiment,
                runs,
                summary,
                comparisons,
                io,
                throughput,
                host,
                runMeans,
                question,
                measures,
                waits,
                hostComparisons,
                trends,
                SharedFactors.among(summary));
    }

    /** Every experiment with trials that match, in the report's order. */
    static List<ExperimentView> read(Path parquetRoot, ReportFilter filter) {
        List<ExperimentView> views;
        try (Tables tables = Tables.open(parquetRoot, filter)) {
            views = read(tables, filter);
        }
        return views.stream().map(v -> v.withTrends(parquetRoot, filter)).toList();
    }

    /** As {@link #read(Path, ReportFilter)}: every table read once, on one command's reads. */
    private static List<ExperimentView> read(Tables tables, ReportFilter filter) {
        // one scan of the trials: the summary, the comparisons and the trend lines
        List<VariantStats> stats =
                VariantStats.read(
                        tables,
                        VariantStats.Query.of(filter)
                                .withMetrics(HeadlineTable.metrics())
                                .withRunRows());
        List<SummaryRow> summary = Report.summary(stats);
        List<RunFacts> runs = RunFacts.read(tables, filter);
        List<IoPoint> io = IoPoint.read(tables, filter);
        List<ThroughputPoint> throughput = ThroughputPoint.read(tables, filter);
        List<HostPoint> host = HostPoint.read(tables, filter);
        List<Unsteady> unsteady = Unsteady.read(tables, filter);
        List<HostFigure> hostFigures = HostFigure.read(tables, filter);
        List<TopWait> waits = TopWait.read(tables, filter);
        Set<String> names = new LinkedHashSet<>();
        summary.forEach(row -> names.add(row.experiment()));
        Map<String, String> configs = LatestConfigs.read(tables, filter.experiment().orElse(null));
        Map<String, Map<String, String>> baselines = Baselines.declared(configs);
        List<ExperimentView> views = new ArrayList<>();
        for (String name : names) {
            List<VariantStats> own =
                    stats.stream().filter(s -> s.experiment().equals(name)).toList();
            Measures measures = Measures.of(own);
            List<RunMean> means = RunMean.of(own, s -> s.metric().equals(measures.of(s.step())));
            List<Comparison> comparisons =
                    Comparisons.flagUnsteady(
                            Mechanism.explain(
                                    comparisons(tables, filter, name, own, measures, baselines),
                                    hostFigures,
                                    false),
                            unsteady,
                            false);
            views.add(
                    new ExperimentView(
                            name,
                            runs.stream().filter(r -> r.experiment().equals(name)).toList(),
                            summary.stream().filter(r -> r.experiment().equals(name)).toList(),
                            comparisons,
                            io.stream().filter(p -> p.experiment().equals(name)).toList(),
                            throughput.stream().filter(p -> p.experiment().equals(name)).toList(),
                            host.stream().filter(p -> p.experiment().equals(name)).toList(),
                            means,
                            DeclaredDescription.of(configs.getOrDefault(name, "")),
                            measures,
                            waits.stream().filter(w -> w.experiment().equals(name)).toList(),
                            Comparisons.flagUnsteady(
                                    hostComparisons(tables, filter, name, own, measures),
                                    unsteady,
                                    true),
                            List.of()));
        }
        return List.copyOf(views);
    }

    /**
     * This view with the trends of its main steps' measures, where it has several runs to draw them
     * across: {@code compare}'s trends of the experiment's runs on the report's hosts, judged by
     * their change points on the runs' means this view read already (read again, each configuration
     * apart, where the page pools them).
     */
    private ExperimentView withTrends(Path parquetRoot, ReportFilter filter) {
        if (runCount() < 2) {
            return this;
        }
        List<Trend> found = new ArrayList<>();
        for (String metric : mainSteps().stream().map(measures::of).distinct().toList()) {
            List<Trend> trends =
                    filter.pool()
                            ? Trends.of(parquetRoot, filter.hosts(), experiment, metric, WINDOW)
                            : Trends.ofRunMeans(
                                    runMeans.stream()
                                            .filter(m -> measures.of(m.step()).equals(metric))
                                            .toList(),
                                    metric,
                                    TrendOptions.DEFAULT.withWindow(WINDOW));
            trends.stream()
                    .filter(t -> mainSteps().contains(t.step()))
                    .filter(t -> measures.of(t.step()).equals(metric))
                    .filter(t -> filter.host().map(t.host()::equals).orElse(true))
                    .forEach(found::add);
        }
        return new ExperimentView(
                experiment,
                runs,
                summary,
                comparisons,
                io,
                throughput,
                host,
                runMeans,
                question,
                measures,
                waits,
                hostComparisons,
                List.copyOf(found),
                shared);
    }

    /**
     * The comparisons the text {@code compare} makes of each metric shown, the durations only of the
     * steps they measure.
     */
    private static List<Comparison> comparisons(
            Tables tables,
            ReportFilter filter,
            String experiment,
            List<VariantStats> stats,
            Measures measures,
            Map<String, Map<String, String>> baselines) {
        List<Comparison> out = new ArrayList<>();
        for (String metric : measures.rows().keySet()) {
            Comparisons.of(
                            stats,
                            () -> values(tables, experiment, metric, filter),
                            CompareRequest.of(experiment).withMetric(metric),
                            baselines)
                    .stream()
                    .filter(c -> measures.shown(c.step(), c.metric()))
                    .forEach(out::add);
        }
        return List.copyOf(out);
    }

    /**
     * Where the experiment's trials come from several hosts, {@code compare --by host}'s comparisons of
     * each main step's measure: each host against the best one, per variant; none otherwise.
     */
    private static List<Comparison> hostComparisons(
            Tables tables,
            ReportFilter filter,
            String experiment,
            List<VariantStats> stats,
            Measures measures) {
        if (stats.stream().map(VariantStats::host).distinct().count() < 2) {
            return List.of();
        }
        List<Comparison> out = new ArrayList<>();
        for (String metric : measures.rows().keySet()) {
            Comparisons.of(
                            stats,
                            () -> values(tables, experiment, metric, filter),
                            new CompareRequest(
                                    experiment, Map.of(), true, metric, List.of(), false),
                            Map.of())
                    .stream()
                    .filter(c -> !isSubStep(c.step()) && c.metric().equals(measures.of(c.step())))
                    .forEach(out::add);
        }
        return List.copyOf(out);
    }

    /** The values of a metric of an experiment's measured trials, for a test that needs them. */
    private static Map<List<String>, double[]> values(
            Tables tables, String experiment, String metric, ReportFilter filter) {
        return Comparisons.byVariant(
                TrialValues.read(
                                tables,
                                metric,
                                experiment,
                                filter.runId().map(List::of).orElse(List.of()),
                                false)
                        .stream()
                        .filter(v -> filter.host().map(v.host()::equals).orElse(true))
                        .toList());
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

    /** The variants with throughput samples, in the report's order. */
    List<String> throughputVariants() {
        return throughput.stream().map(ThroughputPoint::variant).distinct().toList();
    }

    /**
     * The host figures sampled over the measured steps, each once, in the panel's order: CPU
     * utilisation and frequency, then each device's IOPS and utilisation; as source, name and figure.
     */
    List<List<String>> hostFigures() {
        return host.stream()
                .map(p -> List.of(p.source(), p.name(), p.figure()))
                .distinct()
                .sorted(
                        java.util.Comparator.comparing((List<String> f) -> f.get(0))
                                .thenComparing(f -> f.get(1))
                                .thenComparing(f -> HOST_ORDER.indexOf(f.get(2))))
                .toList();
    }

    /** The order of the host figures of one source and name. */
    private static final List<String> HOST_ORDER = List.of("busy", "freq_mhz", "iops", "util");

    long runCount() {
        return runMeans.stream().map(RunMean::runId).distinct().count();
    }

    /** Whether the summary has rows of more than one host (asked once per name a chart draws). */
    boolean manyHosts() {
        for (SummaryRow row : summary) {
            if (!Objects.equals(row.host(), summary.get(0).host())) {
                return true;
            }
        }
        return false;
    }

    /** The names of the factors every variant shares, which the page says once, with its question. */
    Set<String> sharedFactors() {
        return shared.names(experiment);
    }

    /**
     * A variant's name in a chart: its label by the factors that tell it apart from the experiment's
     * others ({@code default} for its one variant: the heading's line has the factors every variant
     * shares), its host's where the experiment ran on several, and its configuration's where it ran
     * several ({@code files=5 · rows=1000}).
     */
    String name(String variant, String host, String configuration) {
        return shared.name(experiment, variant)
                + (manyHosts() ? " @ " + host : "")
                + (configuration.isEmpty() ? "" : " · " + configuration);
    }
}
