package storagebench.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import storagebench.BadInputException;
import storagebench.bench.OltpBench;
import storagebench.config.Settings;
import storagebench.config.Values;
import storagebench.experiment.ExperimentLoader;

/** {@code storagebench bench oltp}: oltp's tpcb mix against pgbench on the same server. */
@Command(
        name = "oltp",
        mixinStandardHelpOptions = true,
        description = {
            "Runs oltp's tpcb mix (storagebench's driver) and pgbench itself on the experiment's PostgreSQL,"
                    + " the same tables, scale, clients and duration, in ABBA order over K pairs after a warm-up"
                    + " pair, and reports the ratio of their tps (target at least 0.9), each pair's ratio"
                    + " with their median and range, the load average before and after, and the CPU"
                    + " time per transaction of each.",
            "The tables are loaded once into a database of the bench's own (sb_oltp_bench), dropped at"
                    + " the end. Nothing is published; no broker is started."
        },
        footer = {
            "",
            "Example:",
            "  eval \"$(.ci/db-servers.sh start postgres)\"",
            "  storagebench bench oltp pipeline-config/postgres/oltp-power-plan.yaml \\",
            "      --clients 1,4"
        })
public final class BenchOltpCommand implements Callable<Integer> {
    @Mixin SettingsOptions options;

    @Parameters(
            paramLabel = "EXPERIMENT.yaml",
            description = "An experiment with a postgres target and workload oltp.")
    Path experiment;

    @Option(
            names = "--scale",
            defaultValue = "10",
            description = "pgbench's scale of the tables (default: ${DEFAULT-VALUE}).")
    int scale;

    @Option(
            names = "--clients",
            split = ",",
            defaultValue = "1,4",
            description = "Client counts, each compared on its own (default: ${DEFAULT-VALUE}).")
    List<Integer> clients;

    @Option(
            names = "--duration",
            defaultValue = "10s",
            description = "Each run's duration, whole seconds (default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(
            names = {"--pairs", "--rounds"},
            paramLabel = "K",
            defaultValue = "5",
            description = "ABBA pairs measured per client count (default: ${DEFAULT-VALUE}).")
    int pairs;

    @Option(
            names = "--pgbench",
            defaultValue = "pgbench",
            description = "The pgbench program (default: ${DEFAULT-VALUE}, from the PATH).")
    String pgbench;

    @Override
    public Integer call() throws Exception {
        Duration each = Values.parseDuration(duration);
        if (each == null || each.toSeconds() < 1 || each.toMillis() % 1000 != 0) {
            throw new BadInputException(
                    "--duration: whole seconds, at least 1s (pgbench -T takes seconds), got '"
                            + duration
                            + "'");
        }
        if (scale < 1 || pairs < 1 || clients.isEmpty() || clients.stream().anyMatch(c -> c < 1)) {
            throw new BadInputException(
                    "--scale, --pairs and every --clients count must be at least 1");
        }
        Settings settings = options.load();
        var loaded = new ExperimentLoader(settings.dataDir()).load(experiment);
        loaded.target().snapshot();
        System.out.print(
                OltpBench.run(
                                loaded,
                                new OltpBench.Settings(scale, clients, each, pairs, pgbench),
                                settings.dataDir().resolve("bench").resolve("oltp"))
                        .format());
        return 0;
    }
}
