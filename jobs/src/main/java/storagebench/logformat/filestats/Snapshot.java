package storagebench.logformat.filestats;

import java.time.DateTimeException;
import java.time.Instant;
import java.util.List;
import storagebench.logformat.Timestamps;
import storagebench.logformat.csv.CsvRecord;

/**
 * One row of sys.dm_io_virtual_file_stats: the cumulative counters of one file at one time, read from an
 * export (line and text say where) or sampled live (line 0, no text).
 */
public record Snapshot(
        long line,
        String text,
        String database,
        String fileId,
        String fileName,
        Instant time,
        long reads,
        long bytesRead,
        long stallReadMs,
        long writes,
        long bytesWritten,
        long stallWriteMs,
        long queuedReadMs,
        long queuedWriteMs,
        long sizeBytes) {

    /** The counters that only grow while the server runs and the file exists. */
    static final List<String> COUNTERS =
            List.of(
                    "num_of_reads",
                    "num_of_bytes_read",
                    "io_stall_read_ms",
                    "num_of_writes",
                    "num_of_bytes_written",
                    "io_stall_write_ms",
                    "io_stall_queued_read_ms",
                    "io_stall_queued_write_ms");

    private static final Timestamps TIMES = Timestamps.iso();

    /** @throws IllegalArgumentException naming the column and value that cannot be read */
    static Snapshot of(CsvRecord row, FileStatsColumns columns) {
        List<String> f = row.fields();
        String database = text(f, columns.first(FileStatsColumns.DATABASE), "database");
        String fileId = text(f, columns.at("file_id"), "file_id");
        int nameAt = columns.first(FileStatsColumns.FILE_NAME);
        String name = nameAt < 0 ? "" : f.get(nameAt).trim();
        String time = f.get(columns.at("sample_time"));
        Instant at;
        try {
            at = TIMES.parse(time);
        } catch (DateTimeException e) {
            throw new IllegalArgumentException(
                    "column sample_time: '" + time + "' is not a time (" + TIMES + ")");
        }
        long[] c = new long[COUNTERS.size()];
        for (int i = 0; i < c.length; i++) {
            c[i] = number(f, columns.at(COUNTERS.get(i)), COUNTERS.get(i));
        }
        long size = number(f, columns.at("size_on_disk_bytes"), "size_on_disk_bytes");
        return new Snapshot(
                row.line(),
                row.text(),
                database,
                fileId,
                name,
                at,
                c[0],
                c[1],
                c[2],
                c[3],
                c[4],
                c[5],
                c[6],
                c[7],
                size);
    }

    /** The name, old and new value of the first counter that went down since {@code before}, or null. */
    public String decreaseSince(Snapshot before) {
        long[] now = counters();
        long[] then = before.counters();
        for (int i = 0; i < now.length; i++) {
            if (now[i] < then[i]) {
                return COUNTERS.get(i) + " went down from " + then[i] + " to " + now[i];
            }
        }
        return null;
    }

    private long[] counters() {
        return new long[] {
            reads,
            bytesRead,
            stallReadMs,
            writes,
            bytesWritten,
            stallWriteMs,
            queuedReadMs,
            queuedWriteMs
        };
    }

    private static String text(List<String> fields, int at, String column) {
        String value = fields.get(at).trim();
        if (value.isEmpty()) {
            throw new IllegalArgumentException("column " + column + " is empty");
        }
        return value;
    }

    private static long number(List<String> fields, int at, String column) {
        String value = fields.get(at).trim();
        try {
            long n = Long.parseLong(value);
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below with the column's name
        }
        throw new IllegalArgumentException(
                "column " + column + ": '" + value + "' is not a count (a whole number >= 0)");
    }
}
