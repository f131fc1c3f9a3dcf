package storagebench.workload.fileio;

import org.HdrHistogram.Histogram;

/**
 * What the IOs on one file did during one interval: counts, bytes, summed times and histograms of
 * total and device latency (ns). Written by one thread at a time; {@link WorkerStats} hands it between threads.
 */
final class IoStats {
    /**
     * Total latency in nanoseconds to 3 significant digits and 0.1 µs at the least, sized for 100 ms
     * so the IO path rarely allocates, and growing when a slower IO arrives.
     */
    final Histogram latency = new Histogram(100, 100_000_000L, 3);

    /** Device latency (in the read or write call), likewise: what total latency is compared with. */
    final Histogram device = new Histogram(100, 100_000_000L, 3);

    long reads;
    long writes;
    long bytesRead;
    long bytesWritten;
    long readNanos;
    long writeNanos;
    long queuedNanos;
    long deviceNanos;

    IoStats() {
        latency.setAutoResize(true);
        device.setAutoResize(true);
    }

    void record(boolean read, int bytes, long queued, long inDevice) {
        long total = queued + inDevice;
        latency.recordValue(Math.max(1, total));
        device.recordValue(Math.max(1, inDevice));
        if (read) {
            reads++;
            bytesRead += bytes;
            readNanos += total;
        } else {
            writes++;
            bytesWritten += bytes;
            writeNanos += total;
        }
        queuedNanos += queued;
        deviceNanos += inDevice;
    }

    void addTo(IoStats sum) {
        sum.latency.add(latency);
        sum.device.add(device);
        sum.reads += reads;
        sum.writes += writes;
        sum.bytesRead += bytesRead;
        sum.bytesWritten += bytesWritten;
        sum.readNanos += readNanos;
        sum.writeNanos += writeNanos;
        sum.queuedNanos += queuedNanos;
        sum.deviceNanos += deviceNanos;
    }

    void reset() {
        latency.reset();
        device.reset();
        reads = 0;
        writes = 0;
        bytesRead = 0;
        bytesWritten = 0;
        readNanos = 0;
        writeNanos = 0;
        queuedNanos = 0;
        deviceNanos = 0;
    }

    long ios() {
        return reads + writes;
    }
}
