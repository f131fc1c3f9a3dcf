package storagebench.workload.sampling;

import java.time.Instant;
import storagebench.logformat.filestats.Snapshot;

/**
 * Cumulative IO counters of one "file" (a database, the WAL, a relation, a database file) as a server
 * reports them.
 *
 * @param reads read operations (blocks, for PostgreSQL)
 * @param writes write operations
 * @param bytesRead bytes read
 * @param bytesWritten bytes written
 * @param readMs time spent reading, 0 when the server does not time IO
 * @param writeMs time spent writing
 * @param sizeBytes the file's size now, or null when it has none
 * @param queuedReadMs of readMs, the time reads waited for IO resource governance (SQL Server's
 *     io_stall_queued_read_ms), or null when the server does not report it
 * @param queuedWriteMs likewise for writes
 */
record IoCounters(
        long reads,
        long writes,
        long bytesRead,
        long bytesWritten,
        double readMs,
        double writeMs,
        Long sizeBytes,
        Long queuedReadMs,
        Long queuedWriteMs) {

    static final IoCounters ZERO_STALLS = new IoCounters(0, 0, 0, 0, 0, 0, null, 0L, 0L);

    /** Whether the total IO time splits into queued and device time (sys.dm_io_virtual_file_stats). */
    boolean stalls() {
        return queuedReadMs != null;
    }

    /** What happened between {@code earlier} and this sample; sizes stay as of this sample. */
    IoCounters minus(IoCounters earlier) {
        return new IoCounters(
                reads - earlier.reads,
                writes - earlier.writes,
                bytesRead - earlier.bytesRead,
                bytesWritten - earlier.bytesWritten,
                readMs - earlier.readMs,
                writeMs - earlier.writeMs,
                sizeBytes,
                null,
                null);
    }

    /** These counters as a row of sys.dm_io_virtual_file_stats, for the file-stats importer's arithmetic. */
    Snapshot snapshot(String file, Instant at) {
        return new Snapshot(
                0,
                "",
                "",
                file,
                file,
                at,
                reads,
                bytesRead,
                (long) readMs,
                writes,
                bytesWritten,
                (long) writeMs,
                queuedReadMs,
                queuedWriteMs,
                sizeBytes == null ? 0 : sizeBytes);
    }
}
