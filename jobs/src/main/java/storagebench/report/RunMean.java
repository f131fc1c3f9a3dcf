package storagebench.report;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

/**
 * One variant's mean in one run, for trend lines across runs.
 *
 * @param started the run's first trial
 * @param n measured trials of the variant in the run
 * @param mean mean duration in seconds
 */
public record RunMean(
        String experiment,
        String host,
        String variant,
        String step,
        String runId,
        Instant started,
        long n,
        double mean) {

    /** Per experiment, host and step, in the order the runs started. */
    public static List<RunMean> read(Path parquetRoot, ReportFilter filter) {
        return Tables.query(parquetRoot, "trials", "/report/run_means.sql", filter, RunMean::row);
    }

    private static RunMean row(ResultSet rs) throws SQLException {
        long micros = rs.getLong("started");
        return new RunMean(
                rs.getString("experiment"),
                rs.getString("host"),
                rs.getString("variant"),
                rs.getString("step"),
                rs.getString("run_id"),
                Instant.EPOCH.plusNanos(micros * 1000),
                rs.getLong("n"),
                rs.getDouble("mean"));
    }
}
