package storagebench.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import storagebench.BadInputException;
import storagebench.bench.WorkloadBenchmark;
import storagebench.config.Values;

/** {@code bench workloads}: the workloads against fio, and the harness overhead beside its floor. */
@Command(
        name = "workloads",
        mixinStandardHelpOptions = true,
        description = {
            "Runs file-init's zero-fill and file-io's random 8 KiB writes (C=1, C=8) and fio on the"
                    + " same disk in ABBA order over P pairs (each pair's ratio ours / fio, their median"
                    + " and range, the load average before and after), then `bench harness` (the"
                    + " overhead per trial beside its floor) and the timing of a calibrated action.",
            "Needs Debian's fio for the comparisons (skipped, with a message, when it is missing)."
        })
public final class BenchWorkloadsCommand implements Callable<Integer> {
    private static final long MIB = 1L << 20;
    private static final long MAX_BYTES = 64L << 30;

    @Option(
            names = "--dir",
            paramLabel = "DIR",
            defaultValue = "data/bench",
            description = "Where the files go: the disk under test (default: ${DEFAULT-VALUE}).")
    Path dir;

    @Option(
            names = {"--pairs", "--rounds"},
            paramLabel = "P",
            defaultValue = "5",
            description = "ABBA pairs per comparison (default: ${DEFAULT-VALUE}).")
    int pairs;

    @Mixin HarnessOptions harness;

    @Option(
            names = "--duration",
            paramLabel = "D",
            defaultValue = "5s",
            description =
                    "Duration of each random-write run, whole seconds (default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(
            names = "--size",
            paramLabel = "SIZE",
            defaultValue = "256MiB",
            description =
                    "The zero-filled file's size and the random writes' file size, whole MiB"
                            + " (default: ${DEFAULT-VALUE}).")
    String size;

    @Override
    public Integer call() throws Exception {
        harness.check();
        if (pairs < 1) {
            throw new BadInputException("--pairs must be at least 1");
        }
        Duration length = Values.parseDuration(duration);
        if (length == null || length.toMillis() % 1000 != 0 || length.isZero()) {
            throw new BadInputException(
                    "--duration: expected whole seconds such as 5s or 1m, got '" + duration + "'");
        }
        long bytes = Values.parseSize(size);
        if (bytes < MIB || bytes % MIB != 0 || bytes > MAX_BYTES) {
            throw new BadInputException(
                    "--size: expected whole MiB from 1MiB to 64GiB such as 256MiB, got '"
                            + size
                            + "'");
        }
        return WorkloadBenchmark.run(
                dir,
                new WorkloadBenchmark.Plan(pairs, harness.trials, length, bytes, harness.warmUp),
                System.out);
    }
}
