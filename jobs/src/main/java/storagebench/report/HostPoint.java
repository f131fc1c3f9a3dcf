package storagebench.report;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import storagebench.events.EventType;

/**
 * The k-th interval of one host figure in one variant's measured steps, averaged over its trials: CPU
 * utilisation and frequency of all CPUs, a device's IOPS and utilisation.
 *
 * @param source {@code cpu} or {@code device}
 * @param name {@code all}, or the device
 * @param figure {@code busy} (0–1), {@code freq_mhz}, {@code iops} or {@code util} (0–1)
 * @param second end of the interval since the step's first measured interval
 */
public record HostPoint(
        String experiment,
        String variant,
        String source,
        String name,
        String figure,
        int k,
        double second,
        double value) {

    /** Per experiment, figure and variant, in time order; empty when the dataset has no host samples. */
    public static List<HostPoint> read(Path parquetRoot, ReportFilter filter) {
        try (Tables tables = Tables.open(parquetRoot, filter)) {
            return read(tables, filter);
        }
    }

    /** As {@link #read(Path, ReportFilter)}, on a command's reads of the dataset. */
    public static List<HostPoint> read(Tables tables, ReportFilter filter) {
        return tables.query(
                EventType.HOST_SAMPLE, "/report/host-series.sql", filter, HostPoint::row);
    }

    private static HostPoint row(ResultSet rs) throws SQLException {
        return new HostPoint(
                rs.getString("experiment"),
                rs.getString("variant"),
                rs.getString("source"),
                rs.getString("name"),
                rs.getString("figure"),
                rs.getInt("k"),
                rs.getDouble("second"),
                rs.getDouble("value"));
    }
}
