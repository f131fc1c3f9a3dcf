package storagebench.report;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import storagebench.events.EventType;

/**
 * A regression the dataset holds (a Regression event), newest first.
 *
 * @param changePointRun the first run at the new level (Regression v2, method changepoint), or null
 * @param confirmed whether a rerun confirmed it, or null when none was asked for (and before v2)
 * @param rerunId the run that confirmed it or not, or null
 */
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
        String why,
        String changePointRun,
        Boolean confirmed,
        String rerunId) {

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
                line,
                changePointRun,
                confirmed,
                rerunId);
    }

    /** Whether a rerun was asked for and did not confirm it: shown as "not confirmed (noise?)". */
    public boolean unconfirmed() {
        return Boolean.FALSE.equals(confirmed);
    }

    /**
     * The run where it happened: its change point's, or (the window method) the run judged; the one
     * the "why" compares with the runs before it and the trend chart's link points at.
     */
    public String where() {
        return changePointRun != null ? changePointRun : runId;
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
                null,
                rs.getString("change_point_run_id"),
                (Boolean) rs.getObject("confirmed"),
                rs.getString("rerun_id"));
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
