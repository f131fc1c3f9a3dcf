package storagebench.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import storagebench.bench.WorkloadBenchmark;

/** {@code bench workloads}: the workloads against fio, and the harness overhead. */
@Command(
        name = "workloads",
        mixinStandardHelpOptions = true,
        description = {
            "Runs file-init's zero-fill and file-io's random 8 KiB writes (C=1, C=8) side by side with fio"
                    + " on the same disk, then the harness overhead per trial and the timing of a calibrated"
                    + " action.",
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
            names = "--rounds",
            defaultValue = "3",
            description = "Rounds per comparison (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(
            names = "--trials",
            defaultValue = "50",
            description = "Trials for the overhead measurement (default: ${DEFAULT-VALUE}).")
    int trials;

    @Option(
            names = "--duration",
            defaultValue = "5s",
            description = "Duration of each random-write run (default: ${DEFAULT-VALUE}).")
    String duration;

    @Override
    public Integer call() throws Exception {
        if (rounds < 1 || trials < 3) {
            throw new storagebench.BadInputException(
                    "--rounds must be at least 1 and --trials at least 3");
        }
        return WorkloadBenchmark.run(dir, rounds, trials, duration, System.out);
    }
}
