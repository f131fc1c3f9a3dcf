package storagebench.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import storagebench.BadInputException;
import storagebench.bench.TargetBench;
import storagebench.config.Settings;
import storagebench.experiment.ExperimentLoader;

/** {@code storagebench bench targets}: filegroup-insert on a database against a plain JDBC loop. */
@Command(
        name = "targets",
        mixinStandardHelpOptions = true,
        description = {
            "Times filegroup-insert's measured step against a plain JDBC loop doing the same inserts "
                    + "on the same target (the experiment's target and first variant) in ABBA order over K "
                    + "pairs after a warm-up pair, and reports each pair's ratio, their median (target: "
                    + "within 3%%) and range, and the load average before and after.",
            "Nothing is published; no broker is started."
        },
        footer = {
            "",
            "Example:",
            "  storagebench bench targets pipeline-config/h2/filegroup-insert.yaml \\",
            "      pipeline-config/postgres/filegroup-insert.yaml"
        })
public final class BenchTargetsCommand implements Callable<Integer> {
    @Mixin SettingsOptions options;

    @Parameters(
            arity = "1..*",
            paramLabel = "EXPERIMENT.yaml",
            description = "Experiments with a database target and workload filegroup-insert.")
    List<Path> experiments;

    @Option(
            names = "--rows",
            paramLabel = "N",
            defaultValue = "2000",
            description = "Inserts per round (default: ${DEFAULT-VALUE}).")
    int rows;

    @Option(
            names = {"--pairs", "--rounds"},
            paramLabel = "K",
            defaultValue = "5",
            description = "ABBA pairs measured (default: ${DEFAULT-VALUE}).")
    int pairs;

    @Override
    public Integer call() throws Exception {
        if (rows < 1 || pairs < 1) {
            throw new BadInputException("--rows and --pairs must be at least 1");
        }
        Settings settings = options.load();
        for (Path yaml : experiments) {
            var experiment = new ExperimentLoader(settings.dataDir()).load(yaml);
            experiment.target().snapshot();
            System.out.print(
                    TargetBench.run(experiment, rows, pairs, settings.dataDir().resolve("bench"))
                            .format());
        }
        return 0;
    }
}
