package storagebench.report;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The yardsticks of {@code bench report}: plain DuckDB {@code GROUP BY}s a user would write over the
 * trials files, each on a connection of its own to the database the report's queries use ({@link
 * DuckDb}).
 */
public enum PlainQuery {
    /** README's query: the count and mean of the measured trials per group. */
    MEANS("count(*) AS n, avg(duration_ns / 1e9) AS mean_s"),
    /** The statistics of the report's summary, written by hand. */
    STATISTICS(
            "count(*) AS n, avg(duration_ns / 1e9) AS mean_s, stddev_samp(duration_ns / 1e9) AS sd,"
                    + " median(duration_ns / 1e9) AS median_s,"
                    + " quantile_cont(duration_ns / 1e9, 0.95) AS p95_s,"
                    + " min(duration_ns / 1e9) AS min_s, max(duration_ns / 1e9) AS max_s");

    private final String aggregates;

    PlainQuery(String aggregates) {
        this.aggregates = aggregates;
    }

    /**
     * Runs the query per experiment, host, variant and step over the measured trials.
     *
     * @return the groups it returned
     */
    public long run(Path parquetRoot) {
        String files =
                (Report.trialsDir(parquetRoot).toAbsolutePath() + "/**/*.parquet")
                        .replace("'", "''");
        String sql =
                "SELECT experiment, host, variant, step, "
                        + aggregates
                        + " FROM read_parquet('"
                        + files
                        + "', hive_partitioning = true, union_by_name = true,"
                        + " hive_types_autocast = false)"
                        + " WHERE coalesce(phase, 'measured') = 'measured'"
                        + " AND NOT warmup AND outcome = 'OK'"
                        + " GROUP BY ALL ORDER BY experiment, host, step, mean_s";
        try (Connection duckdb = DuckDb.connect();
                Statement statement = duckdb.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            long groups = 0;
            while (rs.next()) {
                groups++;
            }
            return groups;
        } catch (SQLException e) {
            throw new ReportException(
                    parquetRoot + ": the plain query failed: " + e.getMessage(), e);
        }
    }
}
