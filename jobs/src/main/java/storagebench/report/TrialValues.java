package storagebench.report;

import java.nio.file.Path;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The values of measured trials, one per trial and step, for comparisons and charts. */
public final class TrialValues {
    private static final String SQL = Report.resource("/report/trial-values.sql");

    private TrialValues() {}

    /**
     * @param metric {@code duration} (seconds) or a key of the trials' metrics
     * @param experiment the experiment, or null for every one
     * @param runs the runs to read, or empty for all
     */
    public static List<TrialValue> read(
            Path parquetRoot, String metric, String experiment, List<String> runs) {
        if (!Report.hasTrials(parquetRoot)) {
            return List.of();
        }
        Path dir = Report.trialsDir(parquetRoot);
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:")) {
            Report.scan(duckdb, dir);
            List<TrialValue> values = new ArrayList<>();
            for (String run : runs.isEmpty() ? Collections.<String>singletonList(null) : runs) {
                read(duckdb, metric, experiment, run, values);
            }
            return List.copyOf(values);
        } catch (SQLException e) {
            throw new ReportException(
                    dir + ": cannot read the trials: " + Report.firstLine(e.getMessage()), e);
        }
    }

    private static void read(
            Connection duckdb, String metric, String experiment, String run, List<TrialValue> into)
            throws SQLException {
        try (PreparedStatement query = duckdb.prepareStatement(SQL)) {
            query.setString(1, metric);
            if (experiment == null) {
                query.setNull(2, Types.VARCHAR);
            } else {
                query.setString(2, experiment);
            }
            if (run == null) {
                query.setNull(3, Types.VARCHAR);
            } else {
                query.setString(3, run);
            }
            try (ResultSet rs = query.executeQuery()) {
                while (rs.next()) {
                    long start = rs.getLong("start_us");
                    boolean noStart = rs.wasNull();
                    into.add(
                            new TrialValue(
                                    rs.getString("experiment"),
                                    rs.getString("host"),
                                    rs.getString("run_id"),
                                    rs.getString("variant"),
                                    factors(
                                            rs.getArray("factor_keys"),
                                            rs.getArray("factor_values")),
                                    rs.getString("step"),
                                    rs.getLong("trial_index"),
                                    noStart ? null : Instant.EPOCH.plus(start, ChronoUnit.MICROS),
                                    rs.getDouble("value")));
                }
            }
        }
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
