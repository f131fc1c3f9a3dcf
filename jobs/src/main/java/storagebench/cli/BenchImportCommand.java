package storagebench.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import storagebench.BadInputException;
import storagebench.bench.ImportBenchmark;

/** {@code storagebench bench import}: many small files and one large log imported, beside their floors. */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        description = {
            "Measures import in ABBA order over P pairs after a warm-up pair, each import on a topic of"
                    + " its own: (1) N generated CSV files of R records imported by one import, against"
                    + " the floor of publishing each file's events in one Kafka transaction of its own"
                    + " with a bare producer; (2) a generated pgbench per-transaction log of L lines"
                    + " imported, against DuckDB's read_csv of it into Parquet.",
            "Reports each pair, the medians, each pair's ratio with their median and range, the load"
                    + " average before and after, and the goals: 1,000 files in 30 s, the log at half"
                    + " DuckDB's speed or more.",
            "Uses a temporary embedded broker unless a cluster is configured."
        })
public final class BenchImportCommand implements Callable<Integer> {
    @Mixin SettingsOptions options;

    @Option(
            names = "--files",
            paramLabel = "N",
            defaultValue = "1000",
            description = "Small files per import (default: ${DEFAULT-VALUE}).")
    int files;

    @Option(
            names = "--records",
            paramLabel = "R",
            defaultValue = "5",
            description = "Records per small file (default: ${DEFAULT-VALUE}).")
    int records;

    @Option(
            names = "--lines",
            paramLabel = "L",
            defaultValue = "1000000",
            description = "Lines of the pgbench log (default: ${DEFAULT-VALUE}).")
    long lines;

    @Option(
            names = "--pairs",
            paramLabel = "P",
            defaultValue = "5",
            description = "ABBA pairs of each comparison (default: ${DEFAULT-VALUE}).")
    int pairs;

    @Override
    public Integer call() throws Exception {
        if (files < 1 || records < 1 || lines < 1 || pairs < 1) {
            throw new BadInputException(
                    "--files, --records, --lines and --pairs must each be at least 1");
        }
        System.out.print(
                ImportBenchmark.run(options.load(), files, records, lines, pairs).format());
        return 0;
    }
}
