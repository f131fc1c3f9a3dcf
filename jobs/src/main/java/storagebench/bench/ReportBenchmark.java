package storagebench.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.compare.CompareFormat;
import storagebench.compare.CompareRequest;
import storagebench.compare.Comparison;
import storagebench.compare.Comparisons;
import storagebench.config.Settings;
import storagebench.html.HtmlReport;
import storagebench.report.PlainQuery;
import storagebench.report.ReportFilter;
import storagebench.sink.FanOutWriter;
import storagebench.sink.HivePartitioner;
import storagebench.sink.ParquetFormat;
import storagebench.sink.RecordWriter;
import storagebench.sink.RollPolicy;
import storagebench.storage.LocalStore;

/**
 * {@code bench report}: writes N synthetic trials as the sink writes them, then times, in alternating
 * order round after round, two plain DuckDB {@code GROUP BY}s over the files (README's means, and the
 * summary's statistics written by hand), {@code compare} as the command runs it (every default
 * metric; the duration only) and {@code report --html}.
 * A first round warms the JVM and DuckDB and is left out. The files go to a temporary folder that is
 * removed afterwards.
 */
public final class ReportBenchmark {
    private static final Logger log = LoggerFactory.getLogger(ReportBenchmark.class);

    private ReportBenchmark() {}

    /**
     * @param trials N, the trial rows to generate
     * @param variants factor combinations, 1 to 100
     * @param runs runs the trials are spread over (the trend lines' points)
     * @param rounds timed rounds
     */
    public static ReportBenchReport run(
            Settings settings, long trials, int variants, int runs, int rounds) {
        Path root = SinkBenchmark.tempFolder();
        try {
            Path parquet = root.resolve("parquet");
            long started = System.nanoTime();
            long files = write(settings, parquet, trials, variants, runs);
            log.info(
                    "wrote {} trials of {} variants in {} runs to {} file(s) in {} ms",
                    trials,
                    variants,
                    runs,
                    files,
                    (System.nanoTime() - started) / 1_000_000);
            Path page = root.resolve("report.html");
            List<LongSupplier> steps =
                    List.of(
                            () -> PlainQuery.MEANS.run(parquet),
                            () -> PlainQuery.STATISTICS.run(parquet),
                            () -> compare(parquet, Comparisons.defaultMetrics()).length(),
                            () -> compare(parquet, List.of(CompareRequest.DURATION)).length(),
                            () -> HtmlReport.write(parquet, ReportFilter.all(), page).size());
            long[][] nanos = new long[steps.size()][rounds];
            for (int round = -1; round < rounds; round++) {
                for (int k = 0; k < steps.size(); k++) {
                    // each round starts with another of them, so drift falls on none of them
                    int which = Math.floorMod(k + round, steps.size());
                    long start = System.nanoTime();
                    steps.get(which).getAsLong();
                    long took = System.nanoTime() - start;
                    if (round >= 0) {
                        nanos[which][round] = took;
                    }
                }
                log.info("round {} of {} done", round + 1, rounds);
            }
            return new ReportBenchReport(
                    trials,
                    variants,
                    runs,
                    files,
                    bytes(parquet),
                    nanos[0],
                    nanos[1],
                    nanos[2],
                    nanos[3],
                    nanos[4],
                    Files.size(page));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            SinkBenchmark.deleteRecursively(root);
        }
    }

    /** As {@code compare --experiment bench-report [--metric M]} runs, the text rendered. */
    private static String compare(Path parquet, List<String> metrics) {
        List<Comparison> rows =
                Comparisons.of(
                        parquet,
                        new CompareRequest(
                                ReportTrials.EXPERIMENT,
                                Map.of(),
                                false,
                                metrics.get(0),
                                List.of(),
                                false),
                        metrics);
        return CompareFormat.TEXT.render(rows);
    }

    private static long write(Settings settings, Path parquet, long n, int variants, int runs)
            throws IOException {
        long perRun = Math.max(variants, (n + runs - 1) / runs);
        ReportTrials trials =
                new ReportTrials(
                        Instant.now().truncatedTo(ChronoUnit.DAYS).minus(30, ChronoUnit.DAYS),
                        variants,
                        perRun);
        RollPolicy policy = RollPolicy.of(settings);
        long files = 0;
        try (RecordWriter writer =
                new FanOutWriter(
                        new LocalStore(parquet),
                        "bench",
                        0,
                        new HivePartitioner(),
                        new ParquetFormat(policy.bytes()))) {
            for (long i = 0; i < n; i++) {
                writer.write(trials.event(i), i);
                if (policy.afterWrite(writer) != null) {
                    files += writer.commit().size();
                }
            }
            files += writer.commit().size();
        }
        return files;
    }

    private static long bytes(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        }
    }
}
