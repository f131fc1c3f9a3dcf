package storagebench.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;
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
import storagebench.report.RunOverview;
import storagebench.report.SummaryRow;
import storagebench.report.SummaryText;
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

    /** Up to this many runs are summarised each on its own; more, together in one summary. */
    static final int EACH_RUN_UP_TO = 3;

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

    /**
     * Sinks until idle, then prints the summary of each of the runs, or of them together where there are
     * more than {@value #EACH_RUN_UP_TO} (none with {@code noReport}).
     */
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
        if (runIds.size() <= EACH_RUN_UP_TO) {
            // each under its run's id where there are several, which the lines above name
            runIds.forEach(runId -> summarise(parquet, List.of(runId), runIds.size() > 1));
            System.out.print(trendHint(parquet, runIds));
            return;
        }
        summarise(parquet, runIds, false);
    }

    /**
     * For each experiment of the runs that has more runs in the dataset than these, how to see them
     * run by run; nothing for an experiment whose only runs these are.
     */
    static String trendHint(Path parquet, List<String> runIds) {
        List<RunOverview> all = RunOverview.read(parquet, ReportFilter.all(), Integer.MAX_VALUE);
        Map<String, Long> runs =
                all.stream()
                        .collect(
                                Collectors.groupingBy(
                                        RunOverview::experiment, Collectors.counting()));
        Map<String, String> experimentOf =
                all.stream()
                        .collect(
                                Collectors.toMap(
                                        RunOverview::runId, RunOverview::experiment, (a, b) -> a));
        Map<String, Long> theirs =
                runIds.stream()
                        .map(experimentOf::get)
                        .filter(Objects::nonNull)
                        .collect(
                                Collectors.groupingBy(
                                        Function.identity(),
                                        LinkedHashMap::new,
                                        Collectors.counting()));
        StringBuilder hint = new StringBuilder();
        theirs.forEach(
                (experiment, these) -> {
                    long inDataset = runs.get(experiment);
                    if (inDataset > these) {
                        hint.append(
                                String.format(
                                        "\n%s has %d runs in the dataset; run by run, and where its"
                                                + " level changed: storagebench trend --experiment"
                                                + " %s\n",
                                        experiment, inDataset, quoted(experiment)));
                    }
                });
        return hint.toString();
    }

    /** {@code text} as one word of a shell command. */
    private static String quoted(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }

    /**
     * Prints the summary of the runs' trials, their headline metrics and their experiments' answers;
     * for several runs, first how to see them one by one; a run's own under its id where {@code
     * named}.
     */
    private static void summarise(Path parquet, List<String> runIds, boolean named) {
        List<VariantStats> stats =
                VariantStats.read(
                        parquet,
                        VariantStats.Query.ofRuns(runIds).withMetrics(HeadlineTable.metrics()));
        List<SummaryRow> rows = Report.summary(stats);
        if (rows.isEmpty()) {
            System.out.println(
                    "no measured trials of "
                            + (runIds.size() == 1 ? "run " + runIds.get(0) : "these runs")
                            + " to summarise");
            return;
        }
        System.out.println();
        if (named) {
            System.out.println("run " + runIds.get(0) + ":");
        }
        if (runIds.size() > 1) {
            List<String> experiments =
                    stats.stream().map(VariantStats::experiment).distinct().toList();
            System.out.println(
                    "the "
                            + runIds.size()
                            + " runs together (each run's summary: storagebench report --run RUN_ID;"
                            + " run by run: storagebench trend --experiment "
                            + (experiments.size() == 1 ? experiments.get(0) : "NAME")
                            + " --last 20)");
            System.out.println();
        }
        System.out.print(SummaryText.render(stats, false));
        System.out.print(Unsteady.lines(Unsteady.read(parquet, null, runIds, null)));
        Map<String, List<VariantStats>> byExperiment = new LinkedHashMap<>();
        stats.forEach(
                s -> byExperiment.computeIfAbsent(s.experiment(), e -> new ArrayList<>()).add(s));
        byExperiment.forEach(
                (experiment, its) -> {
                    try {
                        System.out.print(answer(parquet, experiment, runIds, its));
                    } catch (RuntimeException e) {
                        // the runs are done and summarised; a comparison that cannot be made is not
                        // their failure
                        log.warn(
                                "no comparisons for {}: {} (storagebench compare shows them)",
                                runIds.size() == 1 ? "run " + runIds.get(0) : experiment,
                                e.getMessage());
                    }
                });
    }

    /**
     * The runs' comparisons, the answer to their experiment: on its workload's headline metrics, or on
     * the duration where it has none, for each step (sub-steps are left to {@code compare}).
     */
    private static String answer(
            Path parquetRoot, String experiment, List<String> runIds, List<VariantStats> stats) {
        List<String> metrics = HeadlineTable.present(stats).stream().map(Metric::name).toList();
        if (metrics.isEmpty()) {
            metrics = List.of(CompareRequest.DURATION);
        }
        CompareRequest request =
                new CompareRequest(
                        experiment, Map.of(), false, CompareRequest.DURATION, runIds, false);
        List<Comparison> comparisons =
                Comparisons.of(parquetRoot, stats, request, metrics).stream()
                        .filter(c -> !c.step().contains("."))
                        .toList();
        if (comparisons.isEmpty()) {
            return "";
        }
        return "\ncomparisons (the other factors held fixed;"
                + " all steps and metrics: storagebench compare --experiment "
                + quoted(experiment)
                + ")\n"
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
