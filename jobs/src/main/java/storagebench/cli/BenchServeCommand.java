package storagebench.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import storagebench.BadInputException;
import storagebench.bench.ServeBenchmark;
import storagebench.serve.WebAddOn;

/** {@code storagebench bench serve}: scheduling delay, the dashboard's time, an idle service's memory. */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = {
            "Starts a real `serve` (in a temporary folder, with its embedded broker) on a dataset of N"
                    + " earlier runs and a schedule firing a trivial experiment every second; prints the"
                    + " scheduling delay (fired - due: median, p99; target p99 < 1 s), the dashboard's"
                    + " time to answer (target < 300 ms) and the idle service's and broker's memory."
        })
public final class BenchServeCommand implements Callable<Integer> {
    @Mixin SettingsOptions options;

    @Option(
            names = "--firings",
            defaultValue = "100",
            description = "Firings to time (default: ${DEFAULT-VALUE}).")
    int firings;

    @Option(
            names = "--runs",
            defaultValue = "1000",
            description =
                    "Runs in the dataset the dashboard lists from (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(
            names = "--requests",
            defaultValue = "20",
            description = "Dashboard requests to time (default: ${DEFAULT-VALUE}).")
    int requests;

    @Override
    public Integer call() {
        if (firings < 1 || runs < 1 || requests < 1) {
            throw new BadInputException("--firings, --runs and --requests must be at least 1");
        }
        WebAddOn.require("bench serve");
        System.out.print(
                ServeBenchmark.run(options.load(), Main.class, firings, runs, requests).format());
        return 0;
    }
}
