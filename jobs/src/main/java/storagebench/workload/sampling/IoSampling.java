package storagebench.workload.sampling;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import storagebench.events.IoSample;
import storagebench.workload.Param;
import storagebench.workload.ParamType;
import storagebench.workload.Params;

/**
 * How a SQL Server workload samples sys.dm_io_virtual_file_stats during its measured step, and when it
 * calls the step throttled (seed 003): a file whose IOPS in some interval sit within 10% of its cap
 * ({@code iops-cap}, or its size tier in {@code caps}), or whose total IO latency (queued + device) is
 * {@code latency-factor} times its device latency or more.
 *
 * @param interval how often to sample; zero: never
 * @param iopsCap a per-file IOPS cap, 0 for none
 * @param caps per-file caps by size tier (the file-io workload's table), or none
 * @param latencyFactor total over device latency from which a file counts as throttled
 */
public record IoSampling(Duration interval, double iopsCap, CapTable caps, double latencyFactor) {
    public static final String SAMPLE_INTERVAL = "sample-interval";
    public static final String IOPS_CAP = "iops-cap";
    public static final String CAPS = "caps";
    public static final String LATENCY_FACTOR = "latency-factor";

    /** An interval's IOPS this close to the cap (10% below it or above) count as pinned at it. */
    static final double NEAR_CAP = 0.9;

    /** The parameters, shared by every workload that samples a SQL Server. */
    public static List<Param> params() {
        return List.of(
                Param.optional(
                        SAMPLE_INTERVAL,
                        ParamType.DURATION,
                        "1s",
                        "how often sys.dm_io_virtual_file_stats "
                                + "is sampled into per-file IoSamples during the measured step (second connection); 0s: never"),
                Param.optional(
                        IOPS_CAP,
                        ParamType.INT,
                        "0",
                        "per-file IOPS limit of the storage: a file whose IOPS "
                                + "sit within 10% of it in some interval flags the step throttled; 0: none"),
                Param.optional(
                        CAPS,
                        ParamType.TEXT,
                        "none",
                        "per-file caps by size tier instead of iops-cap, as "
                                + "file-io's caps: premium-disk (seed 003: < 128 GB 500 IOPS …) or SIZE:IOPS:MBPS, …"),
                Param.optional(
                                LATENCY_FACTOR,
                                ParamType.INT,
                                "10",
                                "a file whose total IO latency (queued + "
                                        + "device) is this many times its device latency or more flags the step throttled")
                        .atLeast(2));
    }

    /** Reads the parameters; a bad caps table is an IllegalArgumentException naming the key. */
    public static IoSampling of(Params p) {
        CapTable caps;
        try {
            caps = CapTable.parse(p.getText(CAPS));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(CAPS + ": " + e.getMessage(), e);
        }
        if (p.getInt(IOPS_CAP) > 0 && caps.capped()) {
            throw new IllegalArgumentException(
                    IOPS_CAP + " and " + CAPS + " both set: give one of them");
        }
        return new IoSampling(
                p.getDuration(SAMPLE_INTERVAL), p.getInt(IOPS_CAP), caps, p.getInt(LATENCY_FACTOR));
    }

    public boolean enabled() {
        return !interval.isZero();
    }

    /**
     * The step metrics of its samples: io_samples, iops_max (of a file in an interval), queued_ms and
     * device_ms (sums), throttled 1/0, throttled_files, and {@code throttled.<file>} = 1 for each such file.
     */
    public Map<String, Double> metrics(List<IoSample> samples) {
        Map<String, Double> m = new LinkedHashMap<>();
        TreeSet<String> throttled = new TreeSet<>();
        double iopsMax = 0;
        double queued = 0;
        double device = 0;
        for (IoSample s : samples) {
            iopsMax = Math.max(iopsMax, s.getIops());
            queued += s.getQueuedMs();
            device += s.getDeviceMs();
            if (throttled(s)) {
                throttled.add(s.getFile());
            }
        }
        m.put("io_samples", (double) samples.size());
        m.put("iops_max", iopsMax);
        m.put("queued_ms", queued);
        m.put("device_ms", device);
        m.put("throttled", throttled.isEmpty() ? 0.0 : 1.0);
        m.put("throttled_files", (double) throttled.size());
        throttled.forEach(f -> m.put("throttled." + f, 1.0));
        return m;
    }

    /** Pinned at its cap, or waiting far longer than the device took. */
    boolean throttled(IoSample s) {
        Optional<Double> cap = cap(s.getSizeBytes());
        if (cap.isPresent() && s.getIops() >= NEAR_CAP * cap.get()) {
            return true;
        }
        double total = s.getQueuedMs() + s.getDeviceMs();
        return s.getQueuedMs() > 0 && total >= latencyFactor * s.getDeviceMs();
    }

    private Optional<Double> cap(Long sizeBytes) {
        if (iopsCap > 0) {
            return Optional.of(iopsCap);
        }
        return caps.tierFor(sizeBytes == null ? 0 : sizeBytes).map(CapTable.Tier::iops);
    }
}
