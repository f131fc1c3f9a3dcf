package storagebench.workload.dbio;

/**
 * Cumulative IO counters of one "file" (a database, the WAL, a relation) as a server reports them.
 *
 * @param reads read operations (blocks, for PostgreSQL)
 * @param writes write operations
 * @param bytesRead bytes read
 * @param bytesWritten bytes written
 * @param readMs time spent reading, 0 when the server does not time IO
 * @param writeMs time spent writing
 * @param sizeBytes the file's size now, or null when it has none
 */
record IoCounters(long reads, long writes, long bytesRead, long bytesWritten, double readMs, double writeMs,
        Long sizeBytes) {

    /** What happened between {@code earlier} and this sample; sizes stay as of this sample. */
    IoCounters minus(IoCounters earlier) {
        return new IoCounters(reads - earlier.reads, writes - earlier.writes, bytesRead - earlier.bytesRead,
                bytesWritten - earlier.bytesWritten, readMs - earlier.readMs, writeMs - earlier.writeMs, sizeBytes);
    }
}
