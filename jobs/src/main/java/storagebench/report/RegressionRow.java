package storagebench.report;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import storagebench.events.EventType;

/** A regression the dataset holds (a Regression event), newest first. */
public record RegressionRow(
        String experiment,
        String runId,
        String schedule,
        String host,
        String step,
        String variant,
        String metric,
        double change,
        Double p,
        String verdict,
        Instant detected,
        List<String> windowRuns,
        String why) {

    /** This row with {@code line} as what the host did differently ({@code compare/Mechanism}). */
    public RegressionRow withWhy(String line) {
        return new RegressionRow(
                experiment,
                runId,
                schedule,
                host,
                step,
                variant,
                metric,
                change,
                p,
                verdict,
                detected,
                windowRuns,
                line);
    }

    public static List<RegressionRow> read(Path parquetRoot, ReportFilter filter) {
        return Tables.query(
                parquetRoot,
                EventType.REGRESSION,
                "/report/regressions.sql",
                filter,
                RegressionRow::row);
    }

    private static RegressionRow row(ResultSet rs) throws SQLException {
        return new RegressionRow(
                rs.getString("experiment"),
                rs.getString("run_id"),
                rs.getString("schedule"),
                rs.getString("host"),
                rs.getString("step"),
                rs.getString("variant"),
                rs.getString("metric"),
                rs.getDouble("change"),
                Tables.nullable(rs, "p_value"),
                rs.getString("verdict"),
                RunOverview.micros(rs, "detected_us"),
                windowRuns(rs.getArray("window_runs")),
                null);
    }

    private static List<String> windowRuns(java.sql.Array array) throws SQLException {
        if (array == null) {
            return List.of();
        }
        List<String> out = new java.util.ArrayList<>();
        for (Object run : (Object[]) array.getArray()) {
            out.add(String.valueOf(run));
        }
        return List.copyOf(out);
    }
}
