package storagebench.report;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import storagebench.events.EventType;

/**
 * The k-th IoSample interval of one file in one variant, averaged over its measured trials.
 *
 * @param second end of the interval since the trial's first sample
 * @param totalMs latency per IO, queued plus device (or the sampled median), null when unknown
 * @param deviceMs time per IO in the device alone, null when not sampled
 * @param capIops the modelled IOPS cap, null when the file was not capped
 */
public record IoPoint(
        String experiment,
        String file,
        String variant,
        int k,
        double second,
        double iops,
        Double totalMs,
        Double deviceMs,
        Double capIops) {

    /** Per experiment, file and variant, in time order; empty when the dataset has no IoSamples. */
    public static List<IoPoint> read(Path parquetRoot, ReportFilter filter) {
        try (Tables tables = Tables.open(parquetRoot, filter)) {
            return read(tables, filter);
        }
    }

    /** As {@link #read(Path, ReportFilter)}, on a command's reads of the dataset. */
    public static List<IoPoint> read(Tables tables, ReportFilter filter) {
        return tables.query(EventType.IO_SAMPLE, "/report/io_series.sql", filter, IoPoint::row);
    }

    private static IoPoint row(ResultSet rs) throws SQLException {
        return new IoPoint(
                rs.getString("experiment"),
                rs.getString("file"),
                rs.getString("variant"),
                rs.getInt("k"),
                rs.getDouble("second"),
                rs.getDouble("iops"),
                Tables.nullable(rs, "total_ms"),
                Tables.nullable(rs, "device_ms"),
                Tables.nullable(rs, "cap_iops"));
    }
}
