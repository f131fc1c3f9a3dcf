package storagebench.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import storagebench.BadInputException;
import storagebench.bench.ChangePointBenchmark;

/** {@code storagebench bench changepoints}: trend's two methods on synthetic series, and their cost. */
@Command(
        name = "changepoints",
        mixinStandardHelpOptions = true,
        description = {
            "Generates synthetic series of runs from a fixed seed (50-200 runs each, noise 1-5%% normal"
                    + " and log-normal, 1%% outlier runs; a third without change, the others with steps"
                    + " of 2-20%% or a drift of 0.2%% per run at known runs), judges each after every run"
                    + " with trend's change point method, the same with Student's t-test, and the window"
                    + " method, and prints the validation table in Markdown (docs/trend.md).",
            "Then times the change points of 1,000 series of 500 runs (target < 2 s), and trend on a"
                    + " dataset of 10,000 runs beside the DuckDB query it reads the runs' means with, in"
                    + " ABBA pairs (target < 1 s for trend's own work)."
        })
public final class BenchChangepointsCommand implements Callable<Integer> {
    @Mixin SettingsOptions options;

    @Option(
            names = "--series",
            paramLabel = "N",
            defaultValue = "1200",
            description = "Synthetic series of the validation (default: ${DEFAULT-VALUE}).")
    int series;

    @Option(
            names = "--timed-series",
            paramLabel = "N",
            defaultValue = "1000",
            description = "Series whose change points are timed (default: ${DEFAULT-VALUE}).")
    int timedSeries;

    @Option(
            names = "--timed-runs",
            paramLabel = "R",
            defaultValue = "500",
            description = "Runs of each timed series (default: ${DEFAULT-VALUE}).")
    int timedRuns;

    @Option(
            names = "--runs",
            paramLabel = "R",
            defaultValue = "10000",
            description =
                    "Runs of the dataset trend reads; 0 for none (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(
            names = "--pairs",
            defaultValue = "5",
            description =
                    "ABBA pairs of the dataset's timing, after one to warm up (default: ${DEFAULT-VALUE}).")
    int pairs;

    @Override
    public Integer call() throws Exception {
        if (series < 6 || timedSeries < 1 || timedRuns < 4 || runs < 0 || pairs < 1) {
            throw new BadInputException(
                    "--series must be at least 6, --timed-series and --pairs at least 1,"
                            + " --timed-runs at least 4 and --runs at least 0");
        }
        System.out.print(
                ChangePointBenchmark.run(
                                options.load(), series, timedSeries, timedRuns, runs, pairs)
                        .format());
        return 0;
    }
}
