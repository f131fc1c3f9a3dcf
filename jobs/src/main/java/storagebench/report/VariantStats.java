package storagebench.report;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import storagebench.events.EventType;

/**
 * The statistics of one variant's values of one metric in one experiment, host and step, over the runs
 * asked for ({@code runId} null), or its count and mean in one run (the other statistics null). The
 * statistics are over measured trials (not warm-ups, outcome OK) and null when there are none; {@code
 * variance} and {@code logVariance} also when there is only one; {@code logMean} and {@code
 * logVariance} when a value is not positive.
 *
 * @param configuration the label of the runs' fixed configuration among the experiment's (the keys
 *     in which it differs: {@code rows=1000}); empty where the experiment ran one, or pooled on purpose
 * @param factors the variant's factor values, in the plan's order
 * @param metric {@code duration} (seconds) or a key of the trials' metrics
 * @param runId the run, or null for the rows over every run asked for
 * @param firstTrial the smallest plan position of the variant's trials: the plan's order
 * @param started the variant's first trial in the run; null in the rows over all runs
 * @param variance sample variance
 * @param p95 95th percentile, interpolated between the two nearest trials
 * @param logMean the mean of the values' natural logs
 * @param logVariance the sample variance of the values' natural logs
 * @param failed trials that were not warm-ups and did not end OK
 * @param warmups warm-up trials, whatever their outcome
 */
public record VariantStats(
        String experiment,
        String host,
        String configuration,
        String variant,
        Map<String, String> factors,
        String step,
        String metric,
        String runId,
        long firstTrial,
        Instant started,
        long n,
        Double mean,
        Double variance,
        Double median,
        Double min,
        Double max,
        Double p95,
        Double logMean,
        Double logVariance,
        long failed,
        long warmups)
        implements VariantRow {

    /** The metric of a step's duration, in seconds. */
    public static final String DURATION = "duration";

    /**
     * What to read: empty lists and null fields mean any. A command's reads ({@link Tables}) opened for
     * other hosts than {@code hosts} are not narrowed by it but by the host's name.
     */
    public record Query(
            String experiment,
            List<String> runs,
            HostScope hosts,
            List<String> metrics,
            boolean perRun,
            boolean pool) {

        /** The durations of the trials the filter selects, over all its runs. */
        public static Query of(ReportFilter filter) {
            return new Query(
                    filter.experiment().orElse(null),
                    filter.runId().map(List::of).orElse(List.of()),
                    filter.hosts(),
                    List.of(DURATION),
                    false,
                    filter.pool());
        }

        /** The durations of the trials of these runs, over them all. */
        public static Query ofRuns(List<String> runs) {
            return new Query(
                    null, List.copyOf(runs), HostScope.ALL, List.of(DURATION), false, false);
        }

        public Query withMetrics(List<String> names) {
            return new Query(experiment, runs, hosts, List.copyOf(names), perRun, pool);
        }

        /** Rows per run as well as over all runs. */
        public Query withRunRows() {
            return new Query(experiment, runs, hosts, metrics, true, pool);
        }
    }

    private static final String SUMMARISE = "summarise the trials";

    /** Separates the values of a list parameter (run ids hold no control character). */
    private static final String SEPARATOR = "\u001f";

    /**
     * One row per experiment × host × configuration × variant × step × metric over all runs, then (with {@link
     * Query#withRunRows()}) per run; in plan order within each experiment, host, step and metric. Empty when
     * the dataset holds no trials or none match.
     */
    public static List<VariantStats> read(Path parquetRoot, Query query) {
        try (Tables tables = Tables.open(parquetRoot, query.hosts(), query.experiment())) {
            return read(tables, query);
        }
    }

    /** As {@link #read(Path, Query)}, on a command's reads of the dataset. */
    public static List<VariantStats> read(Tables tables, Query query) {
        List<String> read = new ArrayList<>();
        if (query.metrics().contains(DURATION)) {
            read.add(DURATION);
        }
        List<String> keys = query.metrics().stream().filter(m -> !m.equals(DURATION)).toList();
        if (!keys.isEmpty()) {
            read.addAll(tables.metricsPossible(keys, SUMMARISE));
        }
        boolean twice = query.perRun() || (read.contains(DURATION) && read.size() > 1);
        String sql =
                Tables.resource("/report/variant-stats.sql")
                        .replace("{{metrics}}", Tables.textList(read))
                        .replace("{{per_run}}", String.valueOf(query.perRun()))
                        .replace("{{materialized}}", twice ? "MATERIALIZED" : "NOT MATERIALIZED");
        boolean firstTrials =
                tables.columns(EventType.TRIAL_TIMED, SUMMARISE).contains("repetition");
        List<Factored> rows =
                read(
                        tables,
                        query,
                        sql.replace("{{factored_by}}", firstTrials ? FIRST_TRIALS : "true"));
        if (firstTrials && rows.stream().anyMatch(r -> !r.factored())) {
            // a variant with no first trial (a run stopped before it): its factors from any trial
            rows = read(tables, query, sql.replace("{{factored_by}}", "true"));
        }
        return rows.stream().map(Factored::stats).toList();
    }

    /**
     * Each variant's first trials (warm-up and first repetition): where its factors are read, where
     * the trials have a repetition (every file the sink writes; not every file written by hand).
     */
    private static final String FIRST_TRIALS = "repetition <= 1";

    /** A row and whether its variant's factors were found (always, for a row of one run). */
    private record Factored(VariantStats stats, boolean factored) {}

    private static List<Factored> read(Tables tables, Query query, String sql) {
        return tables.rows(
                EventType.TRIAL_TIMED,
                sql,
                SUMMARISE,
                query.pool(),
                q -> {
                    q.setString(1, query.experiment());
                    q.setString(
                            2,
                            query.runs().isEmpty() ? null : String.join(SEPARATOR, query.runs()));
                    q.setString(3, query.hosts().name().orElse(null));
                },
                rs -> new Factored(row(rs), rs.getBoolean("factored")));
    }

    private static VariantStats row(ResultSet rs) throws SQLException {
        long started = rs.getLong("started");
        Instant first = rs.wasNull() ? null : Instant.EPOCH.plusNanos(started * 1000);
        return new VariantStats(
                rs.getString("experiment"),
                rs.getString("host"),
                rs.getString("configuration"),
                rs.getString("variant"),
                TrialValues.factors(rs.getArray("factor_keys"), rs.getArray("factor_values")),
                rs.getString("step"),
                rs.getString("metric"),
                rs.getString("run_id"),
                rs.getLong("first_trial"),
                first,
                rs.getLong("n"),
                Tables.nullable(rs, "mean"),
                Tables.nullable(rs, "variance"),
                Tables.nullable(rs, "median"),
                Tables.nullable(rs, "min"),
                Tables.nullable(rs, "max"),
                Tables.nullable(rs, "p95"),
                Tables.nullable(rs, "log_mean"),
                Tables.nullable(rs, "log_variance"),
                rs.getLong("failed"),
                rs.getLong("warmups"));
    }

    /** Whether every value is positive, so that logs exist (vacuously true without values). */
    public boolean positive() {
        return min == null || min > 0;
    }
}
