package storagebench.report;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import storagebench.events.EventType;

/**
 * One of a variant's top waits over its measured trials (the {@code waits} table), for the text report.
 *
 * @param waitType the wait's type or category (Lock, LWLock, IO; CPU), null where the server gives none
 * @param trials the variant's trials whose waits were read
 * @param share the wait's mean share of the sampled session time or of the wait time, 0-1
 * @param waitMs the mean time in the wait per trial, ms
 * @param rank 1 for the variant's largest share
 */
public record TopWait(
        String experiment,
        String host,
        String variant,
        String product,
        String waitType,
        String name,
        long trials,
        double share,
        double waitMs,
        int rank) {

    /** Per experiment, host, variant and product, largest share first; empty when there are no waits. */
    public static List<TopWait> read(Path parquetRoot, ReportFilter filter) {
        try (Tables tables = Tables.open(parquetRoot, filter)) {
            return read(tables, filter);
        }
    }

    /** As {@link #read(Path, ReportFilter)}, on a command's reads of the dataset. */
    public static List<TopWait> read(Tables tables, ReportFilter filter) {
        return tables.query(EventType.WAIT_SAMPLE, "/report/top-waits.sql", filter, TopWait::row);
    }

    /** The share as a percentage with one decimal: {@code 87.5%}. */
    public String percent() {
        return String.format(Locale.ROOT, "%.1f%%", share * 100);
    }

    private static TopWait row(ResultSet rs) throws SQLException {
        return new TopWait(
                rs.getString("experiment"),
                rs.getString("host"),
                rs.getString("variant"),
                rs.getString("product"),
                rs.getString("wait_type"),
                rs.getString("name"),
                rs.getLong("trials"),
                rs.getDouble("share"),
                rs.getDouble("wait_ms"),
                rs.getInt("rank"));
    }

    /** The text report's table of top waits, or empty text when there are none. */
    public static String render(List<TopWait> waits) {
        if (waits.isEmpty()) {
            return "";
        }
        List<String[]> lines = new ArrayList<>();
        lines.add(
                new String[] {
                    "experiment",
                    "host",
                    "variant",
                    "product",
                    "wait_type",
                    "wait",
                    "trials",
                    "share",
                    "wait_ms"
                });
        for (TopWait w : waits) {
            lines.add(
                    new String[] {
                        TextTable.escape(w.experiment()),
                        TextTable.escape(w.host()),
                        TextTable.escape(w.variant()),
                        w.product(),
                        w.waitType() == null ? TextTable.NONE : TextTable.escape(w.waitType()),
                        TextTable.escape(w.name()),
                        String.valueOf(w.trials()),
                        w.percent(),
                        HeadlineTable.number(w.waitMs())
                    });
        }
        return "\ntop waits of the measured phases (waits table; share of the sampled session time"
                + " or of the wait time)\n"
                + TextTable.aligned(lines, 6);
    }
}
