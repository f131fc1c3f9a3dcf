package storagebench.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import storagebench.BadInputException;
import storagebench.bench.SamplingBenchmark;

/** {@code bench sampling}: what sampling the host during trials costs. */
@Command(
        name = "sampling",
        mixinStandardHelpOptions = true,
        description = {
            "Measures the host sampler (host.sample-interval): (a) its own CPU per tick, from its"
                    + " thread's CPU time while it samples every 10 ms, as a share of one core at 1 s"
                    + " and 100 ms (target < 1%% at 1 s); (b) a calibrated action timed as a measured"
                    + " step, with the sampler at 100 ms beside it and without, in ABBA pairs (target:"
                    + " within 0.1%%); (c) the topic's and the dataset's growth per trial-hour at 1 s."
        })
public final class BenchSamplingCommand implements Callable<Integer> {
    @Option(
            names = "--dir",
            paramLabel = "DIR",
            defaultValue = "data/bench",
            description =
                    "A folder whose block device is sampled, as a target's (default:"
                            + " ${DEFAULT-VALUE}).")
    Path dir;

    @Option(
            names = "--seconds",
            paramLabel = "S",
            defaultValue = "10",
            description = "How long (a) samples (default: ${DEFAULT-VALUE}).")
    int seconds;

    @Option(
            names = "--pairs",
            paramLabel = "P",
            defaultValue = "5",
            description = "ABBA pairs of (b) (default: ${DEFAULT-VALUE}).")
    int pairs;

    @Option(
            names = "--action-ms",
            paramLabel = "MS",
            defaultValue = "2000",
            description = "The calibrated action's length (default: ${DEFAULT-VALUE}).")
    long actionMillis;

    @Override
    public Integer call() throws Exception {
        if (seconds < 1 || pairs < 1 || actionMillis < 10) {
            throw new BadInputException(
                    "--seconds and --pairs must be at least 1, --action-ms at least 10");
        }
        Files.createDirectories(dir);
        System.out.print(SamplingBenchmark.run(dir, seconds, pairs, actionMillis).format());
        return 0;
    }
}
