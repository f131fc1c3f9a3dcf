package storagebench.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.compare.ChangePoints;
import storagebench.compare.Trend;
import storagebench.compare.TrendOptions;
import storagebench.compare.Trends;
import storagebench.config.Settings;
import storagebench.events.Outcome;
import storagebench.events.TrialRef;
import storagebench.events.TrialTimed;
import storagebench.report.HeadlineTable;
import storagebench.report.HostScope;
import storagebench.report.RunMean;
import storagebench.report.Tables;
import storagebench.sink.RecordWriter;
import storagebench.sink.RollPolicy;

/**
 * {@code bench changepoints}: the validation table of {@code trend}'s two methods on synthetic series
 * from a fixed seed ({@link ChangePointValidation}); the change points of 1,000 series of 500 runs,
 * timed; and {@code trend} on a dataset of 10,000 runs (written as the sink writes them to a temporary
 * folder, removed afterwards) beside the DuckDB query it reads the runs' means with, in ABBA pairs.
 */
public final class ChangePointBenchmark {
    /** The seed of every synthetic series. */
    public static final long SEED = 2026;

    static final String EXPERIMENT = "bench-trend";
    private static final Logger log = LoggerFactory.getLogger(ChangePointBenchmark.class);
    private static final int REPEATS = 5;

    private ChangePointBenchmark() {}

    /**
     * @param series synthetic series of the validation
     * @param timedSeries series of the timing, each of {@code timedRuns} runs
     * @param datasetRuns runs of the dataset {@code trend} reads, 0 for none
     * @param pairs ABBA pairs of the dataset's timing
     */
    public static ChangePointBenchReport run(
            Settings settings,
            int series,
            int timedSeries,
            int timedRuns,
            int datasetRuns,
            int pairs)
            throws Exception {
        double loadBefore = LoadAverage.now();
        long started = System.nanoTime();
        ChangePointValidation validation =
                ChangePointValidation.of(SyntheticSeries.validation(SEED, series));
        double validationSeconds = (System.nanoTime() - started) / 1e9;
        log.info("validation of {} series in {} s", series, validationSeconds);
        List<List<Trend.RunMean>> timed = timedSeries(timedSeries, timedRuns);
        List<Double> oneThread = new ArrayList<>();
        List<Double> allThreads = new ArrayList<>();
        detect(timed, false);
        for (int i = 0; i < REPEATS; i++) {
            oneThread.add(detect(timed, false));
            allThreads.add(detect(timed, true));
        }
        Abba.Paired<Long> dataset = datasetRuns > 0 ? dataset(settings, datasetRuns, pairs) : null;
        return new ChangePointBenchReport(
                SEED,
                series,
                validation,
                validationSeconds,
                timedSeries,
                timedRuns,
                oneThread,
                allThreads,
                datasetRuns,
                dataset,
                loadBefore,
                LoadAverage.now());
    }

    /** Series of the validation's kinds, {@code runs} runs each, as run means. */
    static List<List<Trend.RunMean>> timedSeries(int count, int runs) {
        SplittableRandom random = new SplittableRandom(SEED + 1);
        List<List<Trend.RunMean>> all = new ArrayList<>(count);
        SyntheticSeries.Shape[] shapes = SyntheticSeries.Shape.values();
        for (int i = 0; i < count; i++) {
            SyntheticSeries.Shape shape = shapes[i % shapes.length];
            boolean none = shape == SyntheticSeries.Shape.NONE;
            double change =
                    switch (shape) {
                        case NONE -> 0;
                        case STEP_5 -> 0.05;
                        case STEP -> random.nextDouble(0.02, 0.2);
                        case DRIFT -> 0.002;
                    };
            SyntheticSeries s =
                    SyntheticSeries.of(
                            shape,
                            random.nextDouble(0.01, 0.05),
                            i % 2 == 1,
                            none ? -1 : random.nextInt(runs / 4, 3 * runs / 4),
                            change,
                            runs,
                            random);
            all.add(SeriesReplay.runMeans(s.means()));
        }
        return all;
    }

    /** Seconds to find the change points of every series, on one thread or on all. */
    private static double detect(List<List<Trend.RunMean>> series, boolean parallel) {
        long start = System.nanoTime();
        long found =
                (parallel ? series.parallelStream() : series.stream())
                        .mapToLong(
                                runs ->
                                        ChangePoints.of(runs, 0, TrendOptions.DEFAULT, false)
                                                .size())
                        .sum();
        double seconds = (System.nanoTime() - start) / 1e9;
        log.info(
                "{} change points in {} series in {} s{}",
                found,
                series.size(),
                seconds,
                parallel ? " on all threads" : "");
        return seconds;
    }

    /**
     * (a) the DuckDB query {@code trend} reads the runs' means with, then (b) {@code trend} as a user
     * runs it (each step's measures, {@link Trends#ofMeasures}: that query, then the series judged),
     * per pair.
     */
    private static Abba.Paired<Long> dataset(Settings settings, int runs, int pairs)
            throws Exception {
        Path root = SinkBenchmark.tempFolder();
        try {
            Path parquet = root.resolve("parquet");
            write(settings, parquet, runs);
            return Abba.run(
                    pairs,
                    true,
                    pair -> nanos(() -> runMeans(parquet)),
                    pair ->
                            nanos(
                                    () ->
                                            Trends.ofMeasures(
                                                            parquet,
                                                            HostScope.ALL,
                                                            EXPERIMENT,
                                                            TrendOptions.DEFAULT)
                                                    .size()));
        } finally {
            SinkBenchmark.deleteRecursively(root);
        }
    }

    /** The runs' means of every metric {@code trend} follows by default, as it reads them. */
    private static int runMeans(Path parquet) {
        try (Tables tables = Tables.open(parquet, HostScope.ALL, EXPERIMENT)) {
            return RunMean.read(tables, HeadlineTable.metrics(), EXPERIMENT).values().stream()
                    .mapToInt(List::size)
                    .sum();
        }
    }

    private interface Step {
        int run();
    }

    private static long nanos(Step step) {
        long start = System.nanoTime();
        step.run();
        return System.nanoTime() - start;
    }

    /**
     * {@code runs} runs a quarter of an hour apart (the dataset of a busy CI) of two variants, {@value SyntheticSeries#TRIALS} trials each, 2%
     * noise; init=zero 5% slower from the run at 40%, init=instant 3% faster from the one at 70%.
     */
    private static void write(Settings settings, Path parquet, int runs) throws IOException {
        SplittableRandom random = new SplittableRandom(SEED + 2);
        Instant base = Instant.parse("2000-01-01T02:00:00Z");
        RollPolicy policy = RollPolicy.of(settings);
        long offset = 0;
        try (RecordWriter writer = BenchDataset.writer(parquet, policy.bytes())) {
            for (int r = 0; r < runs; r++) {
                String runId = String.format("trend-%05d", r);
                for (int v = 0; v < 2; v++) {
                    double level =
                            v == 0
                                    ? (r >= runs * 4 / 10 ? 1.05 : 1)
                                    : (r >= runs * 7 / 10 ? 0.97 : 1);
                    for (int t = 0; t < SyntheticSeries.TRIALS; t++) {
                        int index = v * SyntheticSeries.TRIALS + t;
                        double seconds = level * (1 + 0.02 * random.nextGaussian());
                        writer.write(
                                trial(runId, v, index, base.plusSeconds(900L * r + index), seconds),
                                offset++);
                        if (policy.afterWrite(writer) != null) {
                            writer.commit();
                        }
                    }
                }
            }
            writer.commit();
        }
    }

    private static TrialTimed trial(
            String runId, int variant, int index, Instant start, double seconds) {
        String init = variant == 0 ? "zero" : "instant";
        TrialRef ref =
                new TrialRef(
                        runId,
                        EXPERIMENT,
                        "bench-host",
                        runId + "/" + index,
                        index,
                        "init=" + init,
                        Map.of("init", init),
                        false);
        long nanos = Math.round(seconds * 1e9);
        return ref.stamp(TrialTimed.newBuilder(), "create")
                .setEventId(runId + "/" + index + "/create")
                .setRepetition(index % SyntheticSeries.TRIALS)
                .setStartTime(start)
                .setEndTime(start.plusNanos(nanos / 1000 * 1000))
                .setDurationNs(nanos)
                .setOutcome(Outcome.OK)
                .setMetrics(Map.of())
                .build();
    }
}
