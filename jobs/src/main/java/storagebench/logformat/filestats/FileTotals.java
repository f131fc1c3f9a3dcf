package storagebench.logformat.filestats;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The sums over one file's intervals, as the metrics of its step: latencies averaged per IO,
 * rates over the measured time (the intervals, not a gap around a counter reset).
 */
final class FileTotals {
    private long intervals;
    private long resets;
    private long nanos;
    private long reads;
    private long writes;
    private long bytesRead;
    private long bytesWritten;
    private long stallReadMs;
    private long stallWriteMs;
    private long queuedMs;
    private long deviceReadMs;
    private long deviceWriteMs;
    private double maxIops;

    void add(Interval i) {
        intervals++;
        nanos += i.nanos();
        reads += i.reads();
        writes += i.writes();
        bytesRead += i.bytesRead();
        bytesWritten += i.bytesWritten();
        stallReadMs += i.stallReadMs();
        stallWriteMs += i.stallWriteMs();
        queuedMs += i.queuedMs();
        deviceReadMs += i.deviceReadMs();
        deviceWriteMs += i.deviceWriteMs();
        maxIops = Math.max(maxIops, i.iops());
    }

    /**
     * intervals, counter_resets, size_bytes (last snapshot); with at least one interval also reads,
     * writes, bytes_read, bytes_written, iops_avg, iops_max (of one interval), mb_per_s_avg (MiB),
     * queued_ms, device_ms, queued_fraction (queued / total stall), and per read and per write the
     * average total latency (read_latency_avg_ms) and device latency (read_device_latency_avg_ms).
     */
    Map<String, Double> metrics(long sizeBytes) {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("intervals", (double) intervals);
        m.put("counter_resets", (double) resets);
        m.put("size_bytes", (double) sizeBytes);
        if (intervals == 0) {
            return m;
        }
        double seconds = nanos / 1e9;
        m.put("reads", (double) reads);
        m.put("writes", (double) writes);
        m.put("bytes_read", (double) bytesRead);
        m.put("bytes_written", (double) bytesWritten);
        m.put("iops_avg", (reads + writes) / seconds);
        m.put("iops_max", maxIops);
        m.put("mb_per_s_avg", (bytesRead + bytesWritten) / (1024.0 * 1024.0) / seconds);
        m.put("queued_ms", (double) queuedMs);
        m.put("device_ms", (double) (deviceReadMs + deviceWriteMs));
        if (stallReadMs + stallWriteMs > 0) {
            m.put("queued_fraction", (double) queuedMs / (stallReadMs + stallWriteMs));
        }
        if (reads > 0) {
            m.put("read_latency_avg_ms", (double) stallReadMs / reads);
            m.put("read_device_latency_avg_ms", (double) deviceReadMs / reads);
        }
        if (writes > 0) {
            m.put("write_latency_avg_ms", (double) stallWriteMs / writes);
            m.put("write_device_latency_avg_ms", (double) deviceWriteMs / writes);
        }
        return m;
    }

    void reset() {
        resets++;
    }

    long intervals() {
        return intervals;
    }
}
