package storagebench.workload.fileio;

import java.util.List;
import java.util.Map;
import storagebench.dbms.TargetKind;
import storagebench.workload.Metric;
import storagebench.workload.WorkloadType;

/** file-io (seed 003): random IO on this host's disk ({@link LocalFileIo}); local only. */
public final class FileIoWorkload extends WorkloadType {

    public FileIoWorkload() {
        super(
                "file-io",
                "random IO at concurrency C on files of size S, optionally capped per file by size tier "
                        + "(seed 003)",
                Map.of(TargetKind.LOCAL, LocalFileIo::new));
    }

    /** Seed 003's figures: IOPS and throughput, and total against device latency (throttling). */
    @Override
    public List<Metric> headline() {
        return List.of(
                Metric.higher("iops", "IOs per second over the step"),
                Metric.higher("mb_per_s", "MiB per second over the step"),
                Metric.lower("latency_p99_us", "99th percentile of total IO latency, µs"),
                Metric.lower("device_latency_p99_us", "99th percentile of device latency, µs"),
                Metric.lower("queued_ms", "time IOs spent queued by a cap, summed, ms"));
    }

    @Override
    protected String unsupported(TargetKind kind) {
        return "file-io runs on the local target only; "
                + kind.yamlName()
                + " is a database target";
    }
}
