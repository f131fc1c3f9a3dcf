package storagebench.cli;

import picocli.CommandLine.Option;
import storagebench.BadInputException;
import storagebench.bench.HarnessBenchmark;

/**
 * {@code --trials} and {@code --warm-up} of the harness's overhead measurement, for {@code bench
 * harness} and the part of {@code bench workloads} that runs it.
 */
final class HarnessOptions {
    @Option(
            names = "--trials",
            paramLabel = "N",
            defaultValue = "50",
            description =
                    "Trials per harness run and transactions per floor block (default: ${DEFAULT-VALUE}).")
    int trials;

    @Option(
            names = "--warm-up",
            paramLabel = "W",
            defaultValue = "" + HarnessBenchmark.DEFAULT_WARM_UP,
            description =
                    "Trials (in runs of N, as many as make them up) and transactions of the"
                            + " uncounted warm-up pair, for the broker's and this process's code to"
                            + " warm up, a run's own start included (default: ${DEFAULT-VALUE}).")
    int warmUp;

    /** Both at least 3: the floor's records are those of a warm-up run's second trial. */
    void check() {
        if (trials < 3 || warmUp < 3) {
            throw new BadInputException("--trials and --warm-up must be at least 3");
        }
    }
}
