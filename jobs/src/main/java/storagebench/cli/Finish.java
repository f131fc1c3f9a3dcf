package storagebench.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.broker.KafkaConnection;
import storagebench.compare.CompareFormat;
import storagebench.compare.CompareRequest;
import storagebench.compare.Comparison;
import storagebench.compare.Comparisons;
import storagebench.config.Settings;
import storagebench.html.HtmlReport;
import storagebench.report.HeadlineTable;
import storagebench.report.Report;
import storagebench.report.ReportFilter;
import storagebench.report.SummaryRow;
import storagebench.report.TextTable;
import storagebench.report.Unsteady;
import storagebench.report.VariantStats;
import storagebench.runner.ExperimentRun;
import storagebench.sink.Sink;
import storagebench.sink.SinkResult;
import storagebench.storage.ReadableDataset;
import storagebench.workload.Metric;

/** What {@code run} does after the job: bring the dataset up to date and show the run's summary. */
final class Finish {
    private static final Logger log = LoggerFactory.getLogger(Finish.class);

    private static final Duration LOCKED_WAIT = Duration.ofSeconds(30);

    private Finish() {}

    static void sinkAndReport(
            Settings settings, KafkaConnection kafka, ExperimentRun run, boolean noReport) {
        sinkAndReport(settings, kafka, List.of(run.runId()), noReport);
    }

    /**
     * Sinks until idle; when other processes sink the dataset (its consumer group has members: another
     * run finishing, a long-running sink or service), waits for them a while (another run's sink ends
     * once the group has caught up) and then sinks with whatever is left. False: sinks that do not end
     * by themselves hold the dataset; they add the events.
     */
    private static boolean sinkUntilIdle(Settings settings, KafkaConnection kafka) {
        long deadline = System.nanoTime() + LOCKED_WAIT.toNanos();
        while (Sink.running(settings, kafka) > 0) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        SinkResult result = Sink.runUntilIdle(settings, kafka);
        log.info("dataset {}: {}", settings.datasetName(), result.summary());
        return true;
    }

    /** Sinks until idle, then prints the summary of each of the runs (none with {@code noReport}). */
    static void sinkAndReport(
            Settings settings, KafkaConnection kafka, List<String> runIds, boolean noReport) {
        if (!sinkUntilIdle(settings, kafka)) {
            System.out.println(
                    "a sink is already writing "
                            + settings.datasetName()
                            + "; it adds these events;"
                            + " see: "
                            + String.join(
                                    ", ",
                                    runIds.stream()
                                            .map(id -> "storagebench report --run " + id)
                                            .toList()));
            return;
        }
        if (noReport) {
            return;
        }
        Path parquet = ReadableDataset.folder(settings);
        for (String runId : runIds) {
            List<VariantStats> stats =
                    VariantStats.read(
                            parquet,
                            VariantStats.Query.of(ReportFilter.run(runId))
                                    .withMetrics(HeadlineTable.metrics()));
            List<SummaryRow> rows = Report.summary(stats);
            if (rows.isEmpty()) {
                System.out.println("no measured trials of run " + runId + " to summarise");
            } else {
                System.out.println();
                System.out.print(TextTable.render(rows));
                System.out.print(HeadlineTable.renderAll(stats));
                System.out.print(
                        Unsteady.lines(Unsteady.read(parquet, null, List.of(runId), null)));
                try {
                    System.out.print(answer(parquet, runId, stats));
                } catch (RuntimeException e) {
                    // the run is done and summarised; a comparison that cannot be made is not its
                    // failure
                    log.warn(
                            "no comparisons for run {}: {} (storagebench compare shows them)",
                            runId,
                            e.getMessage());
                }
            }
        }
    }

    /**
     * The run's comparisons, the answer to its experiment: on its workload's headline metrics, or on
     * the duration where it has none, for each step (sub-steps are left to {@code compare}).
     */
    private static String answer(Path parquetRoot, String runId, List<VariantStats> stats) {
        List<String> metrics = HeadlineTable.present(stats).stream().map(Metric::name).toList();
        if (metrics.isEmpty()) {
            metrics = List.of(CompareRequest.DURATION);
        }
        String experiment = stats.get(0).experiment();
        CompareRequest request =
                new CompareRequest(
                        experiment,
                        Map.of(),
                        false,
                        CompareRequest.DURATION,
                        List.of(runId),
                        false);
        List<Comparison> comparisons =
                Comparisons.of(parquetRoot, stats, request, metrics).stream()
                        .filter(c -> !c.step().contains("."))
                        .toList();
        if (comparisons.isEmpty()) {
            return "";
        }
        return "\ncomparisons (the other factors held fixed;"
                + " all steps and metrics: storagebench compare --experiment '"
                + experiment.replace("'", "'\\''")
                + "')\n"
                + CompareFormat.TEXT.render(comparisons);
    }

    /** Writes the HTML report of the run's experiment, every run of it, and prints its path. */
    static void html(Settings settings, ExperimentRun run, Path file) {
        String experiment = run.experiment().name();
        if (HtmlReport.write(
                        ReadableDataset.folder(settings),
                        ReportFilter.all().withExperiment(experiment),
                        file)
                .isEmpty()) {
            System.out.println("no measured trials of " + experiment + " for an HTML report");
        } else {
            System.out.println("HTML report: " + file.toAbsolutePath());
        }
    }
}
