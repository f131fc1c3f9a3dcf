package storagebench.report;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import storagebench.events.EventType;

/**
 * One figure of what the host did during a variant's measured phases (CPU busy share, one device's
 * IOPS…), over the intervals of its host samples: their count, mean, variance and median; or of what
 * its database server waited on (source {@code wait}, name {@code Lock:transactionid}, figure {@code
 * share}), over its trials.
 *
 * @param step the step the intervals were under way in, or null for every step of the variant
 * @param source {@code cpu}, {@code memory}, {@code pressure}, {@code device}, {@code process} or
 *     {@code wait}
 * @param name which one: {@code all}, the device, the process
 * @param figure a key of the samples' metrics, or {@code busy}, {@code iops}, {@code mb_per_s}
 * @param n the intervals (of a wait: the trials)
 */
public record HostFigure(
        String experiment,
        String host,
        String variant,
        String step,
        String source,
        String name,
        String figure,
        long n,
        double mean,
        double variance,
        double median) {

    /**
     * The figures of the dataset's host samples, per experiment, host, variant and step and per variant
     * over every step; none when it has no host samples.
     *
     * @param experiment the experiment, or null for every one
     * @param runs the runs to read, or empty for all
     * @param host the host, or null for every one
     */
    public static List<HostFigure> read(
            Tables tables, String experiment, List<String> runs, String host) {
        Tables.Parameters parameters =
                q -> {
                    q.setString(1, experiment);
                    q.setString(2, runs.isEmpty() ? null : String.join(",", runs));
                    q.setString(3, host);
                };
        List<HostFigure> figures =
                new ArrayList<>(
                        tables.query(
                                EventType.HOST_SAMPLE,
                                "/report/host-figures.sql",
                                "summarise the host samples",
                                false,
                                parameters,
                                HostFigure::row));
        figures.addAll(
                tables.query(
                        EventType.WAIT_SAMPLE,
                        "/report/wait-figures.sql",
                        "summarise the waits",
                        false,
                        parameters,
                        HostFigure::row));
        return List.copyOf(figures);
    }

    /** As {@link #read(Tables, String, List, String)}, of the trials {@code filter} keeps. */
    public static List<HostFigure> read(Tables tables, ReportFilter filter) {
        return read(
                tables,
                filter.experiment().orElse(null),
                filter.runId().map(List::of).orElse(List.of()),
                filter.host().orElse(null));
    }

    /** As {@link #read(Tables, String, List, String)}, on a read of its own. */
    public static List<HostFigure> read(
            Path parquetRoot, String experiment, List<String> runs, String host) {
        try (Tables tables = Tables.open(parquetRoot, HostScope.ALL, experiment)) {
            return read(tables, experiment, runs, host);
        }
    }

    private static HostFigure row(ResultSet rs) throws SQLException {
        return new HostFigure(
                rs.getString("experiment"),
                rs.getString("host"),
                rs.getString("variant"),
                rs.getString("step"),
                rs.getString("source"),
                rs.getString("name"),
                rs.getString("figure"),
                rs.getLong("n"),
                rs.getDouble("mean"),
                rs.getDouble("variance"),
                rs.getDouble("median"));
    }
}
