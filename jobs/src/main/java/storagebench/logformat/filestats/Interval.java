package storagebench.logformat.filestats;

import java.time.Duration;
import java.time.Instant;
import storagebench.events.IoSample;

/**
 * What one file did between two snapshots. SQL Server's io_stall_read_ms and io_stall_write_ms
 * are the total time IOs took, from arrival to completion; io_stall_queued_*_ms is the part of it
 * an IO waited, before it was issued, for IO resource governance (on Azure SQL Managed Instance:
 * the IOPS and throughput limit of the file's size tier). So device time = stall - queued.
 */
public record Interval(
        Instant start,
        long nanos,
        long reads,
        long writes,
        long bytesRead,
        long bytesWritten,
        long stallReadMs,
        long stallWriteMs,
        long queuedReadMs,
        long queuedWriteMs,
        long sizeBytes) {

    private static final double MIB = 1024.0 * 1024.0;

    /** What the file did from snapshot {@code a} to the later {@code b} (whose counters did not go down). */
    public static Interval between(Snapshot a, Snapshot b) {
        return new Interval(
                a.time(),
                Duration.between(a.time(), b.time()).toNanos(),
                b.reads() - a.reads(),
                b.writes() - a.writes(),
                b.bytesRead() - a.bytesRead(),
                b.bytesWritten() - a.bytesWritten(),
                b.stallReadMs() - a.stallReadMs(),
                b.stallWriteMs() - a.stallWriteMs(),
                b.queuedReadMs() - a.queuedReadMs(),
                b.queuedWriteMs() - a.queuedWriteMs(),
                b.sizeBytes());
    }

    double seconds() {
        return nanos / 1e9;
    }

    double iops() {
        return (reads + writes) / seconds();
    }

    double mibPerSecond() {
        return (bytesRead + bytesWritten) / MIB / seconds();
    }

    /** Time IOs waited for the governor: part of the stall, so never more than it. */
    long queuedMs() {
        return stallReadMs + stallWriteMs - deviceReadMs() - deviceWriteMs();
    }

    /** Time reads spent in the storage: their stall without the queued part. */
    long deviceReadMs() {
        return stallReadMs - Math.min(queuedReadMs, stallReadMs);
    }

    long deviceWriteMs() {
        return stallWriteMs - Math.min(queuedWriteMs, stallWriteMs);
    }

    long deviceMs() {
        return deviceReadMs() + deviceWriteMs();
    }

    /** The IO_sample's measured fields: average latencies are totals (queued + device) per IO. */
    public IoSample.Builder toSample(String file) {
        return IoSample.newBuilder()
                .setFile(file)
                .setIntervalStart(start)
                .setIntervalMs(nanos / 1e6)
                .setReads(reads)
                .setWrites(writes)
                .setBytesRead(bytesRead)
                .setBytesWritten(bytesWritten)
                .setIops(iops())
                .setMbPerS(mibPerSecond())
                .setReadLatencyAvgUs(perIoUs(stallReadMs, reads))
                .setWriteLatencyAvgUs(perIoUs(stallWriteMs, writes))
                .setQueuedMs(queuedMs())
                .setDeviceMs(deviceMs())
                .setSizeBytes(sizeBytes);
    }

    private static Double perIoUs(long stallMs, long ios) {
        return ios == 0 ? null : stallMs * 1000.0 / ios;
    }
}
