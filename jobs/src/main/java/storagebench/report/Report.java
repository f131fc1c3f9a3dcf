package storagebench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.commons.statistics.distribution.TDistribution;
import storagebench.events.EventType;

/** Summaries of the trials table of the Parquet dataset, computed by an embedded, in-memory DuckDB. */
public final class Report {
    /** How many names {@link #whatIsThere} gives of each kind before it counts the rest. */
    private static final int NAMED = 10;

    /** How many of the latest runs {@link #whatIsThere} names. */
    private static final int LATEST_RUNS = 5;

    private Report() {}

    /** The trials table of a dataset: {@code <parquetRoot>/trials}. */
    public static Path trialsDir(Path parquetRoot) {
        return parquetRoot.resolve(EventType.TRIAL_TIMED.table());
    }

    /** Whether the dataset holds at least one trials file. */
    public static boolean hasTrials(Path parquetRoot) {
        return Tables.hasFiles(trialsDir(parquetRoot));
    }

    /**
     * For a command's message when it found nothing: what the dataset's trials hold instead of the
     * first of these that none of them has, as {@code "; the experiments there are: a, b"}: the
     * {@code experiment} (the experiments there), the {@code host} (the hosts there, of that experiment
     * where one was asked for), a run of {@code runIds} (the latest runs there, of that experiment and
     * host). Empty where each is there or none was asked for (something else left the trials out), or
     * the dataset holds no trials.
     */
    public static String whatIsThere(
            Path parquetRoot, String experiment, String host, Collection<String> runIds) {
        return whatIsThere(parquetRoot, experiment, host, runIds, VariantStats.DURATION);
    }

    /**
     * As {@link #whatIsThere(Path, String, String, Collection)}, then the {@code metric}: where the
     * experiment, host and runs are there but the measured trials of that experiment (and host) hold
     * no such metric, {@code "; the metrics there are: duration, rows_per_s"}. The duration, which
     * every trial has, or none, asks nothing more.
     */
    public static String whatIsThere(
            Path parquetRoot,
            String experiment,
            String host,
            Collection<String> runIds,
            String metric) {
        String first = experimentHostOrRun(parquetRoot, experiment, host, runIds);
        if (!first.isEmpty()
                || metric == null
                || VariantStats.DURATION.equals(metric)
                || !hasTrials(parquetRoot)) {
            return first;
        }
        List<String> metrics = new ArrayList<>(List.of(VariantStats.DURATION));
        metrics.addAll(
                Tables.query(
                        parquetRoot,
                        EventType.TRIAL_TIMED,
                        "/report/trial-metrics.sql",
                        ReportFilter.all().withExperiment(experiment).withHost(host),
                        rs -> rs.getString("metric")));
        return metrics.contains(metric) ? "" : names("metrics", metrics.stream());
    }

    private static String experimentHostOrRun(
            Path parquetRoot, String experiment, String host, Collection<String> runIds) {
        if ((experiment == null && host == null && runIds.isEmpty()) || !hasTrials(parquetRoot)) {
            return "";
        }
        List<String[]> runs =
                Tables.query(
                        parquetRoot,
                        EventType.TRIAL_TIMED,
                        "/report/trial-runs.sql",
                        ReportFilter.all(),
                        rs ->
                                new String[] {
                                    rs.getString("experiment"),
                                    rs.getString("host"),
                                    rs.getString("run_id")
                                });
        if (experiment != null) {
            List<String[]> its = runs.stream().filter(r -> experiment.equals(r[0])).toList();
            if (its.isEmpty()) {
                return names("experiments", runs.stream().map(r -> r[0]).distinct().sorted());
            }
            runs = its;
        }
        if (host != null) {
            List<String[]> its = runs.stream().filter(r -> host.equals(r[1])).toList();
            if (its.isEmpty()) {
                return names("hosts", runs.stream().map(r -> r[1]).distinct().sorted());
            }
            runs = its;
        }
        Set<String> there = runs.stream().map(r -> r[2]).collect(Collectors.toSet());
        if (runIds.stream().allMatch(there::contains)) {
            return "";
        }
        return "; the latest runs there are: "
                + runs.stream()
                        .map(r -> r[2] + (experiment == null ? " (" + r[0] + ")" : ""))
                        .distinct()
                        .limit(LATEST_RUNS)
                        .collect(Collectors.joining(", "));
    }

    private static String names(String kind, Stream<String> sorted) {
        List<String> names = sorted.toList();
        int more = names.size() - NAMED;
        return "; the "
                + kind
                + " there are: "
                + String.join(", ", names.subList(0, Math.min(names.size(), NAMED)))
                + (more > 0 ? " and " + more + " more" : "");
    }

    /**
     * One row per experiment × host × variant × step, ordered by experiment, host, step and then the
     * variants in the order the plan ran them. Empty when the dataset holds no trials or none match.
     * Files written before a column existed read it as its default ({@link Tables}).
     *
     * @param parquetRoot the dataset's local folder, {@code ReadableDataset.folder(settings)}
     */
    public static List<SummaryRow> summarize(Path parquetRoot, ReportFilter filter) {
        return summary(VariantStats.read(parquetRoot, VariantStats.Query.of(filter)));
    }

    /** The summary rows of the durations over all runs among {@code stats}, with their ratios. */
    public static List<SummaryRow> summary(List<VariantStats> stats) {
        return summary(stats, VariantStats.DURATION, false);
    }

    /**
     * The summary rows of a metric over all runs among {@code stats}, with their ratios to the best
     * mean: the smallest, or the largest where {@code higherIsBetter}.
     */
    public static List<SummaryRow> summary(
            List<VariantStats> stats, String metric, boolean higherIsBetter) {
        List<SummaryRow> rows = new ArrayList<>();
        for (VariantStats s : stats) {
            if (metric.equals(s.metric()) && s.runId() == null) {
                Double stddev = s.variance() == null ? null : Math.sqrt(s.variance());
                rows.add(
                        new SummaryRow(
                                s.experiment(),
                                s.host(),
                                s.configuration(),
                                s.variant(),
                                s.step(),
                                s.n(),
                                s.mean(),
                                s.median(),
                                stddev,
                                s.min(),
                                s.max(),
                                s.p95(),
                                halfWidth95(s.n(), stddev),
                                s.failed(),
                                s.warmups(),
                                s.factors(),
                                Map.of(),
                                s.positive() ? s.logMean() : null,
                                s.positive() ? s.logVariance() : null));
            }
        }
        return withRatios(rows, higherIsBetter);
    }

    /**
     * Each row's ratio per factor: its mean over the best mean (the smallest, or the largest where
     * {@code higherIsBetter}) among the rows of the same experiment, host and step whose other factors
     * are the same as its own (but those that follow from the factor, {@link FactorSlices}); none where
     * no other row is such.
     */
    static List<SummaryRow> withRatios(List<SummaryRow> rows, boolean higherIsBetter) {
        Map<List<String>, List<Map<String, String>>> factors = new HashMap<>();
        for (SummaryRow row : rows) {
            factors.computeIfAbsent(place(row), p -> new ArrayList<>()).add(row.factors());
        }
        Map<List<String>, FactorSlices> slices = new HashMap<>();
        factors.forEach((place, all) -> slices.put(place, FactorSlices.among(all)));
        Map<List<Object>, Double> best = new HashMap<>();
        Map<List<Object>, Integer> size = new HashMap<>();
        for (SummaryRow row : rows) {
            if (row.mean() != null) {
                for (String factor : ratioKeys(row)) {
                    List<Object> slice = slice(row, factor, slices.get(place(row)));
                    best.merge(slice, row.mean(), higherIsBetter ? Math::max : Math::min);
                    size.merge(slice, 1, Integer::sum);
                }
            }
        }
        List<SummaryRow> out = new ArrayList<>(rows.size());
        for (SummaryRow row : rows) {
            Map<String, Double> ratios = new LinkedHashMap<>();
            if (row.mean() != null) {
                for (String factor : ratioKeys(row)) {
                    List<Object> slice = slice(row, factor, slices.get(place(row)));
                    double of = best.get(slice);
                    if (of > 0 && size.get(slice) > 1) {
                        ratios.put(factor, row.mean() / of);
                    }
                }
            }
            out.add(row.withRatios(ratios));
        }
        return List.copyOf(out);
    }

    private static List<String> place(SummaryRow row) {
        return List.of(row.experiment(), row.host(), row.configuration(), row.step());
    }

    private static List<String> ratioKeys(SummaryRow row) {
        return row.factors().isEmpty()
                ? List.of(SummaryRow.BY_LABEL)
                : List.copyOf(row.factors().keySet());
    }

    /** The rows a row's ratio in {@code factor} is taken among ({@link FactorSlices}). */
    private static List<Object> slice(SummaryRow row, String factor, FactorSlices slices) {
        return List.of(
                row.experiment(),
                row.host(),
                row.configuration(),
                row.step(),
                factor,
                slices.key(row.factors(), factor));
    }

    /** Half-width of the 95% confidence interval of a mean (Student's t); null below two samples. */
    static Double halfWidth95(long n, Double stddev) {
        return n < 2 || stddev == null
                ? null
                : TDistribution.of(n - 1).inverseSurvivalProbability(0.025) * stddev / Math.sqrt(n);
    }
}
