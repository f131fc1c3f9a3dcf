package storagebench.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import storagebench.bench.WorkloadBenchmark;

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

    @Option(
            names = "--trials",
            defaultValue = "50",
            description = "Trials per run of the overhead measurement (default: ${DEFAULT-VALUE}).")
    int trials;

    @Option(
            names = "--duration",
            defaultValue = "5s",
            description = "Duration of each random-write run (default: ${DEFAULT-VALUE}).")
    String duration;

    @Override
    public Integer call() throws Exception {
        if (pairs < 1 || trials < 3) {
            throw new storagebench.BadInputException(
                    "--pairs must be at least 1 and --trials at least 3");
        }
        return WorkloadBenchmark.run(dir, pairs, trials, duration, System.out);
    }
}
