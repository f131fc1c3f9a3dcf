package storagebench.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import storagebench.BadInputException;
import storagebench.bench.ServeBenchmark;
import storagebench.bench.ServeFleetBenchmark;
import storagebench.serve.WebAddOn;

/** {@code storagebench bench serve}: scheduling delay, the dashboard's time, an idle service's memory. */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = {
            "Starts a real `serve` (in a temporary folder, with its embedded broker) on a dataset of N"
                    + " earlier runs and a schedule firing a trivial experiment every second; prints the"
                    + " scheduling delay (fired - due: median, p99; target p99 < 1 s), the dashboard's"
                    + " time to answer (target < 300 ms) and the idle service's and broker's memory.",
            "With --hosts 1,3,10: for each count, that many services as that many hosts on one data"
                    + " directory and job repository, with a `hosts: all` schedule (every 10 s, 3 s per host at 4 and more); prints the"
                    + " delay of every host's share of a fleet firing (target p99 < 2 s at 10 hosts), the"
                    + " statements the idle services run on the repository per second, the Fleet page's"
                    + " time with --runs runs per host (target < 300 ms at 10 hosts) and each idle"
                    + " service's memory."
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
                    "Runs in the dataset the dashboard lists from, per host with --hosts (default:"
                            + " ${DEFAULT-VALUE}).")
    int runs;

    @Option(
            names = "--requests",
            defaultValue = "20",
            description = "Dashboard requests to time (default: ${DEFAULT-VALUE}).")
    int requests;

    @Option(
            names = "--hosts",
            split = ",",
            paramLabel = "N",
            description =
                    "Fleet sizes to measure one after the other, e.g. 1,3,10 (default: one service,"
                            + " as above).")
    List<Integer> hosts;

    @Option(
            names = "--fleet-firings",
            defaultValue = "10",
            description =
                    "With --hosts: fleet firings to time per size (default: ${DEFAULT-VALUE}).")
    int fleetFirings;

    @Override
    public Integer call() {
        if (firings < 1 || runs < 1 || requests < 1 || fleetFirings < 1) {
            throw new BadInputException(
                    "--firings, --fleet-firings, --runs and --requests must be at least 1");
        }
        WebAddOn.require("bench serve");
        if (hosts != null) {
            if (hosts.isEmpty() || hosts.stream().anyMatch(n -> n < 1 || n > 50)) {
                throw new BadInputException("--hosts: counts from 1 to 50, got " + hosts);
            }
            System.out.print(
                    ServeFleetBenchmark.run(
                                    options.load(), Main.class, hosts, fleetFirings, runs, requests)
                            .format());
            return 0;
        }
        System.out.print(
                ServeBenchmark.run(options.load(), Main.class, firings, runs, requests).format());
        return 0;
    }
}
