package storagebench.report;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import storagebench.events.EventType;

/**
 * The k-th ThroughputSample interval of one variant's step, averaged over its measured trials.
 *
 * @param second end of the interval since the measured step began
 * @param tpm committed transactions per minute
 * @param nopm committed new-orders per minute (0 for mixes without new-orders)
 * @param latencyP95Ms the intervals' 95th percentile of latency, averaged; null without transactions
 */
public record ThroughputPoint(
        String experiment,
        String variant,
        String step,
        int k,
        double second,
        double tpm,
        double nopm,
        Double latencyP95Ms) {

    /** Per experiment, variant and step, in time order; empty when the dataset has no ThroughputSamples. */
    public static List<ThroughputPoint> read(Path parquetRoot, ReportFilter filter) {
        try (Tables tables = Tables.open(parquetRoot, filter)) {
            return read(tables, filter);
        }
    }

    /** As {@link #read(Path, ReportFilter)}, on a command's reads of the dataset. */
    public static List<ThroughputPoint> read(Tables tables, ReportFilter filter) {
        return tables.query(
                EventType.THROUGHPUT_SAMPLE,
                "/report/throughput_series.sql",
                filter,
                ThroughputPoint::row);
    }

    private static ThroughputPoint row(ResultSet rs) throws SQLException {
        return new ThroughputPoint(
                rs.getString("experiment"),
                rs.getString("variant"),
                rs.getString("step"),
                rs.getInt("k"),
                rs.getDouble("second"),
                rs.getDouble("tpm"),
                rs.getDouble("nopm"),
                Tables.nullable(rs, "latency_p95_ms"));
    }
}
