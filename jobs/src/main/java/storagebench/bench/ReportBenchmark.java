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
import storagebench.sink.RecordWriter;
import storagebench.sink.RollPolicy;

/**
 * {@code bench report}: writes N synthetic trials as the sink writes them, then times on the same
 * files, each against README's plain DuckDB {@code GROUP BY} (a) in ABBA pairs ({@link Abba}, an
 * uncounted pair first to warm the JVM and DuckDB): the summary's statistics written by hand as one
 * plain query (a2), {@code compare} as the command runs it (b: every default metric; b2: the duration
 * only) and {@code report --html} (c). The files go to a temporary folder that is removed afterwards.
 */
public final class ReportBenchmark {
    private static final Logger log = LoggerFactory.getLogger(ReportBenchmark.class);

    private ReportBenchmark() {}

    /**
     * @param trials N, the trial rows to generate
     * @param variants factor combinations, 1 to 100
     * @param runs runs the trials are spread over (the trend lines' points)
     * @param pairs ABBA pairs per step
     */
    public static ReportBenchReport run(
            Settings settings, long trials, int variants, int runs, int pairs) {
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
            LongSupplier means = () -> PlainQuery.MEANS.run(parquet);
            Abba.Paired<Long> statistics =
                    pairs("a2", pairs, means, () -> PlainQuery.STATISTICS.run(parquet));
            Abba.Paired<Long> compare =
                    pairs(
                            "b",
                            pairs,
                            means,
                            () -> compare(parquet, Comparisons.defaultMetrics()).length());
            Abba.Paired<Long> compareDuration =
                    pairs(
                            "b2",
                            pairs,
                            means,
                            () -> compare(parquet, List.of(CompareRequest.DURATION)).length());
            Abba.Paired<Long> html =
                    pairs(
                            "c",
                            pairs,
                            means,
                            () -> HtmlReport.write(parquet, ReportFilter.all(), page).size());
            return new ReportBenchReport(
                    trials,
                    variants,
                    runs,
                    files,
                    bytes(parquet),
                    statistics,
                    compare,
                    compareDuration,
                    html,
                    Files.size(page));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException("bench report failed: " + e.getMessage(), e);
        } finally {
            SinkBenchmark.deleteRecursively(root);
        }
    }

    /** The nanoseconds of (a) and of {@code step} in ABBA pairs, after a warm-up pair. */
    private static Abba.Paired<Long> pairs(
            String name, int pairs, LongSupplier plain, LongSupplier step) throws Exception {
        Abba.Paired<Long> paired = Abba.run(pairs, true, pair -> nanos(plain), pair -> nanos(step));
        log.info("{} against a: {}", name, ReportBenchReport.ratios(paired).summary(name + " / a"));
        return paired;
    }

    private static long nanos(LongSupplier step) {
        long start = System.nanoTime();
        step.getAsLong();
        return System.nanoTime() - start;
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
        try (RecordWriter writer = BenchDataset.writer(parquet, policy.bytes())) {
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
