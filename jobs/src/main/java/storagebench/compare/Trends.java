package storagebench.compare;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.commons.statistics.descriptive.Mean;
import storagebench.report.HeadlineTable;
import storagebench.report.HostScope;
import storagebench.report.RunMean;
import storagebench.report.Tables;
import storagebench.report.TrialValue;
import storagebench.report.TrialValues;
import storagebench.report.VariantStats;

/**
 * Each variant's mean per run of an experiment, host and step, in the order the runs started, judged
 * by the method of the {@link TrendOptions}: by default its change points ({@link ChangePointTrend}),
 * else the latest run's trials against those of the previous runs ({@link WindowTrend}). Imported runs
 * count like any other. A run whose fixed configuration differs from the run before it breaks the
 * series: only the runs of the latest run's configuration since the last change are judged (the
 * earlier ones are shown, never analysed together with them).
 */
public final class Trends {
    private Trends() {}

    /** The trends by change points ({@link TrendOptions#DEFAULT}); {@code window} for the window method. */
    public static List<Trend> of(Path parquetRoot, String experiment, String metric, int window) {
        return of(parquetRoot, HostScope.ALL, experiment, metric, window);
    }

    /** The trends of the trials of {@code hosts} only, as {@link #of(Path, String, String, int)}. */
    public static List<Trend> of(
            Path parquetRoot, HostScope hosts, String experiment, String metric, int window) {
        return of(parquetRoot, hosts, experiment, metric, TrendOptions.DEFAULT.withWindow(window));
    }

    /** The trends of {@code runs} only (a schedule's), as {@link #of(Path, String, String, int)}. */
    public static List<Trend> of(
            Path parquetRoot, String experiment, String metric, int window, List<String> runs) {
        return of(parquetRoot, experiment, metric, TrendOptions.DEFAULT.withWindow(window), runs);
    }

    /** The trends of the trials of {@code hosts}, judged as {@code options} say. */
    public static List<Trend> of(
            Path parquetRoot,
            HostScope hosts,
            String experiment,
            String metric,
            TrendOptions options) {
        try (Tables tables = Tables.open(parquetRoot, hosts, experiment)) {
            return options.method() == TrendMethod.CHANGEPOINT
                    ? ofRunMeans(RunMean.read(tables, metric, experiment), metric, options)
                    : of(
                            TrialValues.read(tables, metric, experiment, List.of(), false),
                            metric,
                            options);
        }
    }

    /**
     * The trends of each step's measures, judged as {@code options} say: every headline metric its
     * trials have (file-io's IOPS, an oltp run's NOPM, a pgbench log's tpm), and its duration only
     * where none of them measures it ({@link #measured}), in one read of the trials. The trends come
     * per experiment, host and step, the duration first, then the headline metrics in the workloads'
     * order.
     */
    public static List<Trend> ofMeasures(
            Path parquetRoot, HostScope hosts, String experiment, TrendOptions options) {
        List<String> metrics = HeadlineTable.metrics();
        List<Trend> trends = new ArrayList<>();
        try (Tables tables = Tables.open(parquetRoot, hosts, experiment)) {
            if (options.method() == TrendMethod.CHANGEPOINT) {
                measured(RunMean.read(tables, metrics, experiment), Trends::meanSeries)
                        .forEach(
                                (metric, means) ->
                                        trends.addAll(ofRunMeans(means, metric, options)));
            } else {
                measured(TrialValues.read(tables, metrics, experiment, false), Trends::valueSeries)
                        .forEach((metric, values) -> trends.addAll(of(values, metric, options)));
            }
        }
        // stable: within a step, the metrics in the order read
        trends.sort(
                Comparator.comparing(Trend::experiment)
                        .thenComparing(Trend::host)
                        .thenComparing(Trend::step));
        return List.copyOf(trends);
    }

    /**
     * {@code byMetric} (a metric's name, {@code duration} or a headline metric, to its rows) without
     * the duration's rows of the series that some headline metric's rows are of: such a step ran for
     * the length it was set to, so its duration answers nothing where the metric is there to answer
     * (as {@link HeadlineTable#withoutMeasuredDurations} for the summary and {@code compare}).
     *
     * @param series a row's series: experiment, host, step and variant
     */
    public static <T> Map<String, List<T>> measured(
            Map<String, List<T>> byMetric, Function<T, List<String>> series) {
        Set<List<String>> measured = new HashSet<>();
        byMetric.forEach(
                (metric, rows) -> {
                    if (!metric.equals(VariantStats.DURATION)) {
                        rows.forEach(r -> measured.add(series.apply(r)));
                    }
                });
        Map<String, List<T>> kept = new LinkedHashMap<>(byMetric);
        kept.computeIfPresent(
                VariantStats.DURATION,
                (metric, rows) ->
                        rows.stream().filter(r -> !measured.contains(series.apply(r))).toList());
        return kept;
    }

    /** A run mean's series: experiment, host, step and variant. */
    private static List<String> meanSeries(RunMean m) {
        return List.of(m.experiment(), m.host(), m.step(), m.variant());
    }

    /** A trial value's series: experiment, host, step and variant. */
    public static List<String> valueSeries(TrialValue v) {
        return List.of(v.experiment(), v.host(), v.step(), v.variant());
    }

    /** The trends of {@code runs} only (a schedule's), judged as {@code options} say. */
    public static List<Trend> of(
            Path parquetRoot,
            String experiment,
            String metric,
            TrendOptions options,
            List<String> runs) {
        return runs.isEmpty()
                ? List.of()
                : of(TrialValues.read(parquetRoot, metric, experiment, runs), metric, options);
    }

    static List<Trend> of(List<TrialValue> values, String metric, int window) {
        return of(values, metric, TrendOptions.DEFAULT.withWindow(window));
    }

    /**
     * The trends of {@code values}, one per experiment, host, step and variant, in order of
     * appearance, the series judged in parallel.
     */
    public static List<Trend> of(List<TrialValue> values, String metric, TrendOptions options) {
        boolean higher = Direction.higherIsBetter(metric);
        Map<List<String>, Map<String, List<TrialValue>>> groups = new LinkedHashMap<>();
        for (TrialValue v : values) {
            groups.computeIfAbsent(valueSeries(v), k -> new LinkedHashMap<>())
                    .computeIfAbsent(v.runId(), r -> new ArrayList<>())
                    .add(v);
        }
        return judged(groups, byRun -> series(byRun, higher), metric, options);
    }

    /**
     * The trends by change points (which judge the runs' means, never a trial's value) of {@code means},
     * each run's mean of {@code metric} in its series, one per experiment, host, step and variant, in
     * order of appearance: as {@link #of(List, String, TrendOptions)} judges the trials they are the
     * means of.
     *
     * @throws IllegalArgumentException for the window method, which tests the latest run's trials
     */
    public static List<Trend> ofRunMeans(List<RunMean> means, String metric, TrendOptions options) {
        if (options.method() != TrendMethod.CHANGEPOINT) {
            throw new IllegalArgumentException(
                    "the window method judges the trials themselves, not the runs' means");
        }
        boolean higher = Direction.higherIsBetter(metric);
        Map<List<String>, List<Trend.RunMean>> groups = new LinkedHashMap<>();
        for (RunMean m : means) {
            groups.computeIfAbsent(meanSeries(m), k -> new ArrayList<>())
                    .add(
                            new Trend.RunMean(
                                    m.runId(),
                                    m.started() == null ? Instant.EPOCH : m.started(),
                                    Math.toIntExact(m.n()),
                                    m.mean(),
                                    m.configuration()));
        }
        return judged(groups, runs -> series(runs, Map.of(), higher), metric, options);
    }

    /** Each group's series judged, in the groups' order: each on its own core (change points cost O(n²)). */
    private static <G> List<Trend> judged(
            Map<List<String>, G> groups,
            Function<G, TrendSeries> series,
            String metric,
            TrendOptions options) {
        return new ArrayList<>(groups.entrySet())
                .parallelStream()
                        .map(g -> trend(g.getKey(), series.apply(g.getValue()), metric, options))
                        .toList();
    }

    /** The runs' means in the order they started, and where the latest configuration begins. */
    private static TrendSeries series(Map<String, List<TrialValue>> byRun, boolean higher) {
        List<Trend.RunMean> runs = new ArrayList<>();
        Map<String, double[]> valuesOf = new LinkedHashMap<>();
        byRun.forEach(
                (run, trials) -> {
                    double[] v = trials.stream().mapToDouble(TrialValue::value).toArray();
                    Instant start =
                            trials.stream()
                                    .map(TrialValue::start)
                                    .filter(s -> s != null)
                                    .min(Comparator.naturalOrder())
                                    .orElse(Instant.EPOCH);
                    runs.add(
                            new Trend.RunMean(
                                    run,
                                    start,
                                    v.length,
                                    Mean.of(v).getAsDouble(),
                                    trials.get(0).configuration()));
                    valuesOf.put(run, v);
                });
        return series(runs, valuesOf, higher);
    }

    /** {@code runs} in the order they started, and where the latest configuration begins. */
    private static TrendSeries series(
            List<Trend.RunMean> runs, Map<String, double[]> valuesOf, boolean higher) {
        runs = new ArrayList<>(runs);
        runs.sort(Comparator.comparing(Trend.RunMean::start).thenComparing(Trend.RunMean::runId));
        String latest = runs.get(runs.size() - 1).configuration();
        int since = runs.size() - 1;
        while (since > 0 && runs.get(since - 1).configuration().equals(latest)) {
            since--;
        }
        return new TrendSeries(List.copyOf(runs), since, valuesOf, higher);
    }

    /** A trend of the series {@code key} (experiment, host, step, variant). */
    private static Trend trend(
            List<String> key, TrendSeries series, String metric, TrendOptions options) {
        TrendJudgement j =
                options.method() == TrendMethod.WINDOW
                        ? WindowTrend.judge(series, options)
                        : ChangePointTrend.judge(series, options);
        return new Trend(
                key.get(0),
                key.get(1),
                key.get(2),
                key.get(3),
                metric,
                series.runs(),
                j.window(),
                j.test(),
                j.p(),
                j.regression(),
                j.verdict(),
                options.method().label(),
                j.changePoints());
    }
}
