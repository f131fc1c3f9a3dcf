package storagebench.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import storagebench.events.TrialTimed;
import storagebench.experiment.Experiment;
import storagebench.experiment.ExperimentLoader;
import storagebench.runner.TrialSteps;
import storagebench.workload.TrialContext;

/**
 * Our workloads against fio on the same disk, side by side in ABBA order ({@link Abba}: A ours, B
 * fio), so drift of a shared machine falls on both; each pair's ratio ours / fio is compared.
 */
final class WorkloadBench {
    private final Path dir;
    private final int pairs;
    private final PrintStream out;

    WorkloadBench(Path dir, int pairs, PrintStream out) {
        this.dir = dir;
        this.pairs = pairs;
        this.out = out;
    }

    /** Zero-fill of one file in 1 MiB blocks, fsync at the end: MiB/s of ours and fio's. */
    Abba.Paired<Double> zeroFill(String fio, long bytes) throws Exception {
        Experiment init =
                experiment(
                        """
                experiment: bench-zero-fill
                target: {kind: local, directory: %s}
                workload: {type: file-init, files: 1, file-size: %d, init: zero, block-size: 1MiB}
                """
                                .formatted(dir, bytes));
        return Abba.run(
                pairs,
                false,
                pair -> bytes / 1048576.0 / (measured(init, Map.of(), "create") / 1e9),
                pair -> fioZeroFill(fio, bytes));
    }

    private double fioZeroFill(String fio, long bytes) throws Exception {
        Files.deleteIfExists(dir.resolve("fio-seq"));
        Map<String, Double> fioMetrics =
                FioRun.write(
                        fio,
                        dir,
                        List.of(
                                "--name=seq",
                                "--filename=fio-seq",
                                "--size=" + bytes,
                                "--bs=1M",
                                "--rw=write",
                                "--ioengine=psync",
                                "--end_fsync=1",
                                // like file-init's new files, fio's gets its blocks as it is
                                // written, not fallocated first
                                "--fallocate=none"));
        Files.deleteIfExists(dir.resolve("fio-seq"));
        return fioMetrics.get("bw_bytes") / 1048576.0;
    }

    /** Random 8 KiB dsync writes on one file of the size by C threads: IOPS of ours and fio's. */
    Abba.Paired<Double> randomWrites(String fio, int threads, Duration duration, long bytes)
            throws Exception {
        Experiment io =
                experiment(
                        """
                experiment: bench-file-io
                target: {kind: local, directory: %s}
                workload: {type: file-io, files: 1, file-size: %d, io-size: 8KiB, read-percent: 0,
                  sync: dsync, threads: %d, duration: %ds, caps: none}
                """
                                .formatted(dir, bytes, threads, duration.toSeconds()));
        long seconds = duration.toSeconds();
        return Abba.run(
                pairs,
                false,
                pair -> run(io, Map.of()).get("io").getMetrics().get("iops"),
                pair -> fioRandomWrites(fio, threads, seconds, bytes));
    }

    private double fioRandomWrites(String fio, int threads, long seconds, long bytes)
            throws Exception {
        Path file = dir.resolve("fio-rand");
        zero(file, bytes);
        double iops =
                FioRun.write(
                                fio,
                                dir,
                                List.of(
                                        "--name=rand",
                                        "--filename=fio-rand",
                                        "--size=" + bytes,
                                        "--bs=8k",
                                        "--rw=randwrite",
                                        "--ioengine=psync",
                                        "--sync=dsync",
                                        "--numjobs=" + threads,
                                        "--runtime=" + seconds,
                                        "--time_based",
                                        "--group_reporting"))
                        .get("iops");
        Files.deleteIfExists(file);
        return iops;
    }

    private static void zero(Path file, long bytes) throws IOException {
        try (var channel =
                FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            ByteBuffer zeros = ByteBuffer.allocateDirect(1 << 20);
            for (long p = 0; p < bytes; p += 1 << 20) {
                zeros.clear();
                channel.write(zeros, p);
            }
            channel.force(true);
        }
    }

    private Experiment experiment(String yaml) {
        return new ExperimentLoader(dir).parse("bench", yaml);
    }

    private long measured(Experiment e, Map<String, String> variant, String step) {
        return run(e, variant).get(step).getDurationNs();
    }

    /** Runs one trial's steps as the runner does: set-up, the measured steps timed, clean-up. */
    private Map<String, TrialTimed> run(Experiment e, Map<String, String> variant) {
        TrialContext trial =
                new TrialContext(
                        "bench",
                        e.name(),
                        "bench",
                        "bench-t0",
                        variant,
                        e.target(),
                        e.params(variant),
                        dir.resolve("out"));
        e.workload().preflight(e.target(), List.of(e.params(variant)));
        return TrialSteps.run(e.workload().steps(trial));
    }

    /** Medians of ours and fio's, the median of the pairs' ratios, then each pair's ratio and the load. */
    void row(String what, Abba.Paired<Double> paired, String unit) {
        PairRatios ratios = paired.ratios(p -> p.a() / p.b());
        out.printf(
                Locale.ROOT,
                "%-44s %12.1f %12.1f %8.2f   %s%n",
                what,
                PairRatios.median(paired.as()),
                PairRatios.median(paired.bs()),
                ratios.median(),
                unit);
        out.println("  " + ratios.summary("ours / fio"));
    }
}
