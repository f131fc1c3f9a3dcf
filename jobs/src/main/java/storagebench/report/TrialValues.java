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
        List<TrialValue> values = new ArrayList<>();
        for (String run : runs.isEmpty() ? Collections.<String>singletonList(null) : runs) {
            values.addAll(
                    tables.query(
                            EventType.TRIAL_TIMED,
                            "/report/trial-values.sql",
                            "read the trials",
                            pool,
                            q -> {
                                q.setString(1, metric);
                                q.setString(2, experiment);
                                q.setString(3, run);
                            },
                            TrialValues::row));
        }
        return List.copyOf(values);
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
