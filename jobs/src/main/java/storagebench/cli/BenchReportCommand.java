package storagebench.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import storagebench.BadInputException;
import storagebench.bench.ReportBenchmark;

/** {@code storagebench bench report}: compare and the HTML report against a plain DuckDB query. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = {
            "Writes N synthetic trial rows of one experiment (as the sink writes them, to a temporary"
                    + " folder) and times, each in ABBA pairs against (a) a plain DuckDB GROUP BY over"
                    + " the files, (b) compare as the command runs it and (c) report --html; prints"
                    + " each pair's ratio, their median and range (target <= 2), the load average"
                    + " before and after, and the page's size (target < 3 MB at 100 variants)."
        })
public final class BenchReportCommand implements Callable<Integer> {
    @Mixin SettingsOptions options;

    @Option(
            names = "--trials",
            paramLabel = "N",
            defaultValue = "1000000",
            description = "Trial rows to generate (default: ${DEFAULT-VALUE}).")
    long trials;

    @Option(
            names = "--variants",
            paramLabel = "V",
            defaultValue = "100",
            description = "Factor combinations, 1 to 100 (default: ${DEFAULT-VALUE}).")
    int variants;

    @Option(
            names = "--runs",
            paramLabel = "R",
            defaultValue = "10",
            description = "Runs the trials are spread over (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(
            names = "--pairs",
            defaultValue = "5",
            description = "ABBA pairs per step, after one to warm up (default: ${DEFAULT-VALUE}).")
    int pairs;

    @Override
    public Integer call() {
        if (variants < 1 || variants > 100) {
            throw new BadInputException("--variants must be 1 to 100, got " + variants);
        }
        if (runs < 1 || pairs < 1) {
            throw new BadInputException("--runs and --pairs must be at least 1");
        }
        if (trials < (long) variants * runs * 2) {
            throw new BadInputException(
                    "--trials must be at least 2 × variants × runs ("
                            + 2L * variants * runs
                            + "), got "
                            + trials);
        }
        System.out.print(
                ReportBenchmark.run(options.load(), trials, variants, runs, pairs).format());
        return 0;
    }
}
