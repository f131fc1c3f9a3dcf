package storagebench.compare;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import storagebench.report.HostScope;
import storagebench.report.Tables;
import storagebench.report.TrialValue;
import storagebench.report.TrialValues;

/**
 * Each variant's mean per run of an experiment, host and step, in the order the runs started, and the
 * latest run's trials against those of the previous runs (the window): the Mann–Whitney U test, a
 * regression when p is below {@value #ALPHA} and the latest mean is worse (slower, or lower where
 * higher is better). Imported runs count like any other. A run whose fixed configuration differs from
 * the run before it breaks the series: the latest run is judged only against the runs of its own
 * configuration since the last change.
 */
public final class Trends {
    /** The level of the regression test. */
    static final double ALPHA = 0.01;

    static final String TEST =
            "Mann-Whitney U test of the latest run's trials against the window's";

    private Trends() {}

    public static List<Trend> of(Path parquetRoot, String experiment, String metric, int window) {
        return of(parquetRoot, HostScope.ALL, experiment, metric, window);
    }

    /** The trends of the trials of {@code hosts} only, as {@link #of(Path, String, String, int)}. */
    public static List<Trend> of(
            Path parquetRoot, HostScope hosts, String experiment, String metric, int window) {
        try (Tables tables = Tables.open(parquetRoot, hosts)) {
            return of(
                    TrialValues.read(tables, metric, experiment, List.of(), false), metric, window);
        }
    }

    /** The trends of {@code runs} only (a schedule's), as {@link #of(Path, String, String, int)}. */
    public static List<Trend> of(
            Path parquetRoot, String experiment, String metric, int window, List<String> runs) {
        return runs.isEmpty()
                ? List.of()
                : of(TrialValues.read(parquetRoot, metric, experiment, runs), metric, window);
    }

    static List<Trend> of(List<TrialValue> values, String metric, int window) {
        boolean higher = Direction.higherIsBetter(metric);
        Map<List<String>, Map<String, List<TrialValue>>> groups = new LinkedHashMap<>();
        for (TrialValue v : values) {
            groups.computeIfAbsent(
                            List.of(v.experiment(), v.host(), v.step(), v.variant()),
                            k -> new LinkedHashMap<>())
                    .computeIfAbsent(v.runId(), r -> new ArrayList<>())
                    .add(v);
        }
        List<Trend> trends = new ArrayList<>();
        groups.forEach((key, byRun) -> trends.add(trend(key, byRun, metric, window, higher)));
        return List.copyOf(trends);
    }

    private static Trend trend(
            List<String> key,
            Map<String, List<TrialValue>> byRun,
            String metric,
            int window,
            boolean higher) {
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
        runs.sort(Comparator.comparing(Trend.RunMean::start).thenComparing(Trend.RunMean::runId));
        Trend.RunMean latest = runs.get(runs.size() - 1);
        int since = runs.size() - 1;
        while (since > 0 && runs.get(since - 1).configuration().equals(latest.configuration())) {
            since--;
        }
        List<Trend.RunMean> before =
                runs.subList(Math.max(since, runs.size() - 1 - window), runs.size() - 1);
        if (before.isEmpty()) {
            return trend(
                    key,
                    metric,
                    runs,
                    0,
                    null,
                    null,
                    false,
                    since > 0
                            ? "the configuration changed at the latest run ("
                                    + latest.configuration()
                                    + "; before: "
                                    + runs.get(since - 1).configuration()
                                    + "): a new series, nothing to judge against yet"
                            : "one run: nothing to judge against yet");
        }
        double[] latestValues = valuesOf.get(latest.runId());
        double[] windowValues =
                before.stream()
                        .flatMapToDouble(r -> Arrays.stream(valuesOf.get(r.runId())))
                        .toArray();
        double windowMean = Mean.of(windowValues).getAsDouble();
        double p = MannWhitneyUTest.withDefaults().test(latestValues, windowValues).getPValue();
        boolean worse = higher ? latest.mean() < windowMean : latest.mean() > windowMean;
        boolean regression = Double.isFinite(p) && p < ALPHA && worse;
        String change =
                String.format(Locale.ROOT, "%+.1f%%", 100 * (latest.mean() / windowMean - 1));
        String verdict =
                (regression ? "REGRESSION: " : "")
                        + "latest run "
                        + latest.runId()
                        + " "
                        + change
                        + " against the mean of the "
                        + before.size()
                        + " run(s) before it"
                        + (since > 0
                                ? " of its configuration (" + latest.configuration() + ")"
                                : "")
                        + (Double.isFinite(p) ? String.format(Locale.ROOT, " (p = %.3g)", p) : "")
                        + (regression ? "" : "; no regression");
        return trend(
                key,
                metric,
                runs,
                before.size(),
                TEST,
                Double.isFinite(p) ? p : null,
                regression,
                verdict);
    }

    /** A trend of the series {@code key} (experiment, host, step, variant). */
    private static Trend trend(
            List<String> key,
            String metric,
            List<Trend.RunMean> runs,
            int window,
            String test,
            Double p,
            boolean regression,
            String verdict) {
        return new Trend(
                key.get(0),
                key.get(1),
                key.get(2),
                key.get(3),
                metric,
                List.copyOf(runs),
                window,
                test,
                p,
                regression,
                verdict);
    }
}
