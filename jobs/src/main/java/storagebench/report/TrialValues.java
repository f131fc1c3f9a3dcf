package storagebench.report;

import java.nio.file.Path;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import storagebench.events.EventType;

/** The values of measured trials, one per trial and step, for comparisons and charts. */
public final class TrialValues {
    private static final String READ = "read the trials";

    private TrialValues() {}

    /**
     * @param metric {@code duration} (seconds) or a key of the trials' metrics
     * @param experiment the experiment, or null for every one
     * @param runs the runs to read, or empty for all
     */
    public static List<TrialValue> read(
            Path parquetRoot, String metric, String experiment, List<String> runs) {
        return read(parquetRoot, metric, experiment, runs, false);
    }

    /** As {@link #read(Path, String, String, List)}, every configuration labelled alike if {@code pool}. */
    public static List<TrialValue> read(
            Path parquetRoot, String metric, String experiment, List<String> runs, boolean pool) {
        try (Tables tables = Tables.open(parquetRoot)) {
            return read(tables, metric, experiment, runs, pool);
        }
    }

    /** As {@link #read(Path, String, String, List, boolean)}, on a command's reads of the dataset. */
    public static List<TrialValue> read(
            Tables tables, String metric, String experiment, List<String> runs, boolean pool) {
        return values(tables, List.of(metric), experiment, runs, pool)
                .getOrDefault(metric, List.of());
    }

    /**
     * Per metric of {@code metrics} ({@code duration} or keys of the trials' metrics), in their order,
     * the values of every run of {@code experiment} (null: of every one), as {@link #read(Tables,
     * String, String, List, boolean)} reads them, in one read of the trials; a key that no trial of the
     * files read can hold ({@link Tables#metricsToRead}) is not looked for and has no values.
     */
    public static Map<String, List<TrialValue>> read(
            Tables tables, List<String> metrics, String experiment, boolean pool) {
        List<String> asked = tables.metricsToRead(metrics, READ);
        Map<String, List<TrialValue>> found = values(tables, asked, experiment, List.of(), pool);
        Map<String, List<TrialValue>> values = new LinkedHashMap<>();
        metrics.forEach(m -> values.put(m, found.getOrDefault(m, List.of())));
        return values;
    }

    /** Per metric, the values of the runs (empty: all), read once per run asked for. */
    private static Map<String, List<TrialValue>> values(
            Tables tables,
            List<String> metrics,
            String experiment,
            List<String> runs,
            boolean pool) {
        Map<String, List<TrialValue>> values = new LinkedHashMap<>();
        if (metrics.isEmpty()) {
            return values;
        }
        String sql =
                Tables.resource("/report/trial-values.sql")
                        .replace("{{metrics}}", Tables.textList(metrics));
        for (String run : runs.isEmpty() ? Collections.<String>singletonList(null) : runs) {
            tables.rows(
                            EventType.TRIAL_TIMED,
                            sql,
                            READ,
                            pool,
                            q -> {
                                q.setString(1, experiment);
                                q.setString(2, run);
                            },
                            rs -> Map.entry(rs.getString("metric"), row(rs)))
                    .forEach(
                            e ->
                                    values.computeIfAbsent(e.getKey(), k -> new ArrayList<>())
                                            .add(e.getValue()));
        }
        values.replaceAll((metric, list) -> List.copyOf(list));
        return values;
    }

    private static TrialValue row(ResultSet rs) throws SQLException {
        long start = rs.getLong("start_us");
        boolean noStart = rs.wasNull();
        return new TrialValue(
                rs.getString("experiment"),
                rs.getString("host"),
                rs.getString("configuration"),
                rs.getString("run_id"),
                rs.getString("variant"),
                factors(rs.getArray("factor_keys"), rs.getArray("factor_values")),
                rs.getString("step"),
                rs.getLong("trial_index"),
                noStart ? null : Instant.EPOCH.plus(start, ChronoUnit.MICROS),
                rs.getDouble("value"));
    }

    static Map<String, String> factors(Array keys, Array values) throws SQLException {
        Map<String, String> factors = new LinkedHashMap<>();
        if (keys != null && values != null) {
            Object[] k = (Object[]) keys.getArray();
            Object[] v = (Object[]) values.getArray();
            for (int i = 0; i < k.length; i++) {
                factors.put(String.valueOf(k[i]), String.valueOf(v[i]));
            }
        }
        return factors;
    }
}
