package storagebench.report;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The metric names the trials files may hold, told by the files' statistics alone: each part of a
 * Parquet file (a row group) records the smallest and largest key of its metrics maps. A name outside
 * every part's range is in no trial, so a query need not unnest a million maps to find that out.
 */
final class StoredMetrics {
    /** Each part's smallest and largest metric key, as UTF-8; null where some part records none. */
    private final List<byte[][]> ranges;

    private StoredMetrics(List<byte[][]> ranges) {
        this.ranges = ranges;
    }

    /**
     * The ranges of metric keys the files' parts record, read once: a command asks about several
     * names (the headline metrics, the steady-state flag) on one read of the files' footers.
     *
     * @param files the files' glob as an SQL string literal
     */
    static StoredMetrics read(Connection duckdb, String files) throws SQLException {
        List<byte[][]> ranges = new ArrayList<>();
        try (Statement statement = duckdb.createStatement();
                ResultSet rs =
                        statement.executeQuery(
                                "SELECT stats_min_value, stats_max_value FROM parquet_metadata("
                                        + files
                                        + ") WHERE path_in_schema LIKE 'metrics, %, key'")) {
            while (rs.next()) {
                String min = rs.getString(1);
                String max = rs.getString(2);
                if (min == null || max == null) {
                    return new StoredMetrics(null);
                }
                ranges.add(new byte[][] {utf8(min), utf8(max)});
            }
        }
        return new StoredMetrics(List.copyOf(ranges));
    }

    /**
     * The names among {@code names} that lie inside some part's range of metric keys (all of them where
     * a part records no range); none where no file has a metrics column.
     */
    Set<String> possible(List<String> names) {
        if (ranges == null) {
            return new LinkedHashSet<>(names);
        }
        Set<String> possible = new LinkedHashSet<>();
        for (String name : names) {
            byte[] key = utf8(name);
            // Parquet orders text by its UTF-8 bytes, unsigned
            if (ranges.stream()
                    .anyMatch(
                            r ->
                                    Arrays.compareUnsigned(r[0], key) <= 0
                                            && Arrays.compareUnsigned(key, r[1]) <= 0)) {
                possible.add(name);
            }
        }
        return possible;
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
