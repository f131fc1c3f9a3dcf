package storagebench.bench;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/** {@code bench workloads}: our workloads vs fio on the same disk, and the harness's own overhead. */
public final class WorkloadBenchmark {
    private WorkloadBenchmark() {}

    public static int run(Path parent, int rounds, int trials, String duration, PrintStream out)
            throws Exception {
        Files.createDirectories(parent);
        Path dir = Files.createTempDirectory(parent.toAbsolutePath(), "bench-workloads-");
        try {
            out.printf(
                    Locale.ROOT,
                    "bench workloads in %s (%d rounds, alternating ours and fio; medians)%n",
                    dir,
                    rounds);
            var fio = WorkloadBench.fio();
            if (fio.isEmpty()) {
                out.println(
                        "fio is not installed (Debian: apt-get install fio): the fio comparisons are skipped");
            } else {
                WorkloadBench bench = new WorkloadBench(dir, rounds, out);
                out.printf(
                        Locale.ROOT, "%-44s %12s %12s %8s%n", "comparison", "ours", "fio", "ratio");
                double[] fill = bench.zeroFill(fio.get(), 256L << 20);
                bench.row(
                        "file-init zero-fill 256 MiB, 1 MiB blocks",
                        fill[0],
                        fill[1],
                        "MiB/s (target ratio >= 0.9)");
                for (int threads : new int[] {1, 8}) {
                    double[] io = bench.randomWrites(fio.get(), threads, duration);
                    bench.row(
                            "file-io 8 KiB random dsync writes, C=" + threads,
                            io[0],
                            io[1],
                            "IOPS (target ratio >= 0.9)");
                }
            }
            List<Double> overhead = HarnessBench.overheadPerTrial(dir, trials);
            out.printf(
                    Locale.ROOT,
                    "harness overhead per trial (%d trials of `true` through runner, broker and job"
                            + " repository): median %.2f ms, p90 %.2f ms, max %.2f ms (target median < 5 ms)%n",
                    overhead.size() + 1,
                    WorkloadBench.median(overhead),
                    overhead.get((int) (overhead.size() * 0.9)),
                    overhead.get(overhead.size() - 1));
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
