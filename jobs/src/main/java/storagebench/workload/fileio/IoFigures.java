package storagebench.workload.fileio;

/**
 * The figures of one file over one interval (or of the whole step), computed from {@link IoStats}
 * off the IO path. Latencies are total latency (queued + device) in microseconds unless named device
 * latency; null without IOs.
 */
record IoFigures(
        long reads,
        long writes,
        long bytesRead,
        long bytesWritten,
        Double p50Us,
        Double p95Us,
        Double p99Us,
        Double maxUs,
        Double readAvgUs,
        Double writeAvgUs,
        double queuedMs,
        double deviceMs,
        Double deviceP50Us,
        Double deviceP99Us) {

    static IoFigures of(IoStats s) {
        boolean any = s.ios() > 0;
        return new IoFigures(
                s.reads,
                s.writes,
                s.bytesRead,
                s.bytesWritten,
                any ? micros(s.latency.getValueAtPercentile(50)) : null,
                any ? micros(s.latency.getValueAtPercentile(95)) : null,
                any ? micros(s.latency.getValueAtPercentile(99)) : null,
                any ? micros(s.latency.getMaxValue()) : null,
                s.reads > 0 ? micros((double) s.readNanos / s.reads) : null,
                s.writes > 0 ? micros((double) s.writeNanos / s.writes) : null,
                s.queuedNanos / 1e6,
                s.deviceNanos / 1e6,
                any ? micros(s.device.getValueAtPercentile(50)) : null,
                any ? micros(s.device.getValueAtPercentile(99)) : null);
    }

    private static double micros(double nanos) {
        return nanos / 1e3;
    }

    long ios() {
        return reads + writes;
    }

    double iops(double millis) {
        return millis > 0 ? ios() * 1e3 / millis : 0;
    }

    /** MiB per second, reads and writes together. */
    double mibPerSecond(double millis) {
        return millis > 0 ? (bytesRead + bytesWritten) / (double) (1 << 20) * 1e3 / millis : 0;
    }
}
