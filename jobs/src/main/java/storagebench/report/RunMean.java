package storagebench.report;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import storagebench.events.EventType;

/**
 * One variant's mean of a step's measure in one run, for trend lines across runs.
 *
 * @param configuration the label of the run's fixed configuration among the experiment's
 * @param started the run's first trial
 * @param n measured trials of the variant in the run
 * @param mean the mean of the measure: a duration in seconds, or a metric's value
 */
public record RunMean(
        String experiment,
        String host,
        String configuration,
        String variant,
        String step,
        String runId,
        Instant started,
        long n,
        double mean) {
    private static final String READ = "read the runs' means";

    /**
     * The means per run among {@code stats} (read {@link VariantStats.Query#withRunRows()}) of the rows
     * {@code measure} keeps (one metric per step), per experiment, host and step, in the order the runs
     * started.
     */
    public static List<RunMean> of(List<VariantStats> stats, Predicate<VariantStats> measure) {
        return stats.stream()
                .filter(s -> s.runId() != null && s.n() > 0)
                .filter(measure)
                .sorted(
                        Comparator.comparing(VariantStats::experiment)
                                .thenComparing(VariantStats::host)
                                .thenComparing(VariantStats::configuration)
                                .thenComparing(VariantStats::step)
                                .thenComparing(VariantStats::started)
                                .thenComparing(VariantStats::variant))
                .map(
                        s ->
                                new RunMean(
                                        s.experiment(),
                                        s.host(),
                                        s.configuration(),
                                        s.variant(),
                                        s.step(),
                                        s.runId(),
                                        s.started(),
                                        s.n(),
                                        s.mean()))
                .toList();
    }

    /**
     * Each run's count and mean of {@code metric} ({@code duration} in seconds, or a key of the trials'
     * metrics) per series of {@code experiment} (null: of every one), in one grouped read of the trials:
     * what a trend by change points judges, without a trial's value leaving DuckDB.
     */
    public static List<RunMean> read(Tables tables, String metric, String experiment) {
        return read(tables, List.of(metric), experiment).get(metric);
    }

    /**
     * Per metric of {@code metrics}, in their order, the runs' means as {@link #read(Tables, String,
     * String)} reads them, in one read of the trials; a key that no trial of the files read can hold
     * ({@link Tables#metricsToRead}) is not looked for and has no means.
     */
    public static Map<String, List<RunMean>> read(
            Tables tables, List<String> metrics, String experiment) {
        List<String> asked = tables.metricsToRead(metrics, READ);
        Map<String, List<RunMean>> means = new LinkedHashMap<>();
        metrics.forEach(m -> means.put(m, new ArrayList<>()));
        if (asked.isEmpty()) {
            return means;
        }
        tables.rows(
                        EventType.TRIAL_TIMED,
                        Tables.resource("/report/run-means.sql")
                                .replace("{{metrics}}", Tables.textList(asked)),
                        READ,
                        false,
                        q -> q.setString(1, experiment),
                        rs -> {
                            long start = rs.getLong("start_us");
                            Instant started =
                                    rs.wasNull()
                                            ? null
                                            : Instant.EPOCH.plus(start, ChronoUnit.MICROS);
                            return Map.entry(
                                    rs.getString("metric"),
                                    new RunMean(
                                            rs.getString("experiment"),
                                            rs.getString("host"),
                                            rs.getString("configuration"),
                                            rs.getString("variant"),
                                            rs.getString("step"),
                                            rs.getString("run_id"),
                                            started,
                                            rs.getLong("n"),
                                            rs.getDouble("mean")));
                        })
                .forEach(e -> means.get(e.getKey()).add(e.getValue()));
        means.replaceAll((metric, list) -> List.copyOf(list));
        return means;
    }
}
