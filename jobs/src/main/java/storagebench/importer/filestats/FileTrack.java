package storagebench.importer.filestats;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import storagebench.importer.Parsed;

/**
 * The snapshots of one database file, in the order read: each one after the first closes an
 * interval (a sample), and the track adds up to one step from the first snapshot to the last.
 */
final class FileTrack {
    static final String STEP = "file-stats";

    private final String trial;
    private final Map<String, String> factors;
    private final String file;
    private Snapshot first;
    private Snapshot last;
    private final Totals totals = new Totals();

    FileTrack(String trial, Map<String, String> factors, String file) {
        this.trial = trial;
        this.factors = factors;
        this.file = file;
    }

    /** The sample the snapshot closes, a Malformed when it cannot close one, or null for the first. */
    Parsed add(Snapshot now) {
        if (first == null) {
            first = now;
            last = now;
            return null;
        }
        if (!now.time().isAfter(last.time())) {
            return new Parsed.Malformed(now.line(), "out of order: sample_time " + now.time()
                    + " is not after the previous snapshot of this file (" + last.time() + ", line " + last.line()
                    + ")", now.text());
        }
        Snapshot before = last;
        last = now;
        String decrease = now.decreaseSince(before);
        if (decrease != null) {
            totals.resets++;
            return new Parsed.Malformed(now.line(), "counter reset: " + decrease
                    + " (server restart or file recreated); no sample for this interval, the next one starts here",
                    now.text());
        }
        Interval interval = Interval.between(before, now);
        totals.add(interval);
        return new Parsed.Sample(trial, factors, STEP, interval.toSample(file), now.line());
    }

    /** The step covering the file's first to last snapshot. */
    Parsed.Step step() {
        long nanos = Duration.between(first.time(), last.time()).toNanos();
        String error = totals.intervals > 0 ? null
                : first == last ? "one snapshot only: no interval to measure"
                        : "no interval without a counter reset";
        return new Parsed.Step(trial, factors, STEP, first.time(), nanos, error, totals.metrics(last.sizeBytes()),
                first.line());
    }

    /** Sums over the intervals; latencies are averaged per IO, rates over the measured time. */
    private static final class Totals {
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
    }
}
