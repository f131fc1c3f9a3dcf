package storagebench.bench;

import java.util.List;
import java.util.Locale;

/**
 * What {@code bench changepoints} measured: the validation table, the time to find the change points
 * of many long series, and {@code trend} on a large dataset beside the query it reads the runs' means
 * with.
 *
 * @param seed the seed of the synthetic series
 * @param series the validation's series
 * @param validationSeconds the validation's time (every series judged after every run, three ways)
 * @param timedSeries series of the timing, each of {@code timedRuns} runs
 * @param oneThread seconds to find their change points on one thread, per repeat
 * @param allThreads the same on every core, per repeat
 * @param datasetRuns runs of the dataset, 0 for none
 * @param dataset (a) the DuckDB query that reads the runs' means, (b) {@code trend}, in nanoseconds per
 *     ABBA pair; null without a dataset
 */
public record ChangePointBenchReport(
        long seed,
        int series,
        ChangePointValidation validation,
        double validationSeconds,
        int timedSeries,
        int timedRuns,
        List<Double> oneThread,
        List<Double> allThreads,
        int datasetRuns,
        Abba.Paired<Long> dataset,
        double loadBefore,
        double loadAfter) {
    /** The change points of the timed series take less than this, in seconds. */
    public static final double DETECTION_TARGET = 2.0;

    /** {@code trend}'s own work beside the query takes less than this, in seconds. */
    public static final double TREND_TARGET = 1.0;

    public String format() {
        StringBuilder out = new StringBuilder();
        out.append(
                String.format(
                        Locale.ROOT,
                        "bench changepoints: %,d synthetic series from seed %d, judged after every run"
                                + " (%.1f s); Java %s, %d cores%n%n",
                        series,
                        seed,
                        validationSeconds,
                        Runtime.version(),
                        Runtime.getRuntime().availableProcessors()));
        out.append(validation.markdown()).append('\n');
        out.append(
                String.format(
                        Locale.ROOT,
                        "change points of %,d series × %,d runs: %.2f s on one thread, %.2f s on %d"
                                + " (medians of %d; target < %.0f s)%n",
                        timedSeries,
                        timedRuns,
                        PairRatios.median(oneThread),
                        PairRatios.median(allThreads),
                        Runtime.getRuntime().availableProcessors(),
                        oneThread.size(),
                        DETECTION_TARGET));
        if (dataset != null) {
            double query = PairRatios.median(dataset.as()) / 1e9;
            double trend = PairRatios.median(dataset.bs()) / 1e9;
            out.append(
                    String.format(
                            Locale.ROOT,
                            "trend on %,d runs of 2 variants (%,d trials): %.2f s; the DuckDB query"
                                    + " that reads its runs' means %.2f s; trend's own work %.2f s (medians"
                                    + " of %d ABBA pairs; target < %.0f s)%n",
                            datasetRuns,
                            datasetRuns * 2L * SyntheticSeries.TRIALS,
                            trend,
                            query,
                            trend - query,
                            dataset.pairs().size(),
                            TREND_TARGET));
        }
        out.append(
                String.format(
                        Locale.ROOT,
                        "load average %.2f before, %.2f after%n",
                        loadBefore,
                        loadAfter));
        return out.toString();
    }
}
