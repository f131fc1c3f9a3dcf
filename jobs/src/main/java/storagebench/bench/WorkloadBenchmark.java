package storagebench.bench;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Locale;
import java.util.stream.Stream;
import storagebench.config.Values;

/**
 * {@code bench workloads}: our workloads vs fio on the same disk, the harness's overhead beside its
 * floor ({@link HarnessBenchmark}), and the timing of a calibrated action; every comparison in ABBA
 * pairs.
 */
public final class WorkloadBenchmark {
    private WorkloadBenchmark() {}

    /**
     * What one run of the bench does (the command's defaults: 5 pairs, 50 trials, 5 s, 256 MiB,
     * 1,500).
     *
     * @param pairs ABBA pairs per comparison
     * @param trials trials per run of the harness's overhead measurement
     * @param duration each random-write run's length, whole seconds
     * @param fileBytes the zero-filled file's size and the random writes' file size
     * @param warmUp trials (and floor transactions) of the harness measurement's warm-up pair
     */
    public record Plan(int pairs, int trials, Duration duration, long fileBytes, int warmUp) {}

    public static int run(Path parent, Plan plan, PrintStream out) throws Exception {
        int pairs = plan.pairs();
        Files.createDirectories(parent);
        Path dir = Files.createTempDirectory(parent.toAbsolutePath(), "bench-workloads-");
        try {
            out.printf(
                    Locale.ROOT,
                    "bench workloads in %s (%d ABBA pairs of ours (A) and fio (B); medians, the"
                            + " median of the pairs' ratios)%n",
                    dir,
                    pairs);
            var fio = FioRun.find();
            if (fio.isEmpty()) {
                out.println(
                        "fio is not installed (Debian: apt-get install fio): the fio comparisons are skipped");
            } else {
                WorkloadBench bench = new WorkloadBench(dir, pairs, out);
                out.printf(
                        Locale.ROOT, "%-44s %12s %12s %8s%n", "comparison", "ours", "fio", "ratio");
                bench.row(
                        "file-init zero-fill "
                                + Values.formatSize(plan.fileBytes())
                                + ", 1 MiB blocks",
                        bench.zeroFill(fio.get(), plan.fileBytes()),
                        "MiB/s (target ratio >= 0.9)");
                for (int threads : new int[] {1, 8}) {
                    bench.row(
                            "file-io 8 KiB random dsync writes, C=" + threads,
                            bench.randomWrites(
                                    fio.get(), threads, plan.duration(), plan.fileBytes()),
                            "IOPS (target ratio >= 0.9)");
                }
            }
            out.print(
                    HarnessBenchmark.run(dir, plan.trials(), pairs, plan.warmUp(), FloorPace.PACED)
                            .format());
            double ratio = HarnessBench.calibratedRatio(2000);
            out.printf(
                    Locale.ROOT,
                    "calibrated 2 s action, measured / wall clock: %.5f (error %.3f%%, target"
                            + " within 1%%)%n",
                    ratio,
                    Math.abs(ratio - 1) * 100);
            return 0;
        } finally {
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
