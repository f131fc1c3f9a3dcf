package storagebench.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import storagebench.BadInputException;
import storagebench.config.Settings;
import storagebench.html.HtmlReport;
import storagebench.html.PngCharts;
import storagebench.report.HeadlineTable;
import storagebench.report.HostScope;
import storagebench.report.Report;
import storagebench.report.ReportFilter;
import storagebench.report.ReportFormat;
import storagebench.report.SummaryRow;
import storagebench.report.SummaryText;
import storagebench.report.TopWait;
import storagebench.report.Unsteady;
import storagebench.report.VariantStats;
import storagebench.runner.RunId;
import storagebench.storage.ReadableDataset;

/** Prints the summary statistics of the Parquet dataset. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Summarises the measured trials of the dataset per experiment, host, variant and step. Runs of an"
                    + " experiment whose fixed configurations differ (a workload parameter, a target setting)"
                    + " are kept apart, each labelled by the keys that differ (configuration rows=1000), unless"
                    + " --pool.",
            "Warm-ups and failed trials are counted, never in the statistics. ci95 is the half-width of the 95%%"
                    + " confidence interval of the mean (Student's t). A ×FACTOR column, one per factor, is a variant's"
                    + " mean over the best mean among the variants that differ from it in that factor only (same"
                    + " experiment, host and step): the smallest, or the largest where higher is better (iops,"
                    + " mb_per_s, tps, nopm); none where no other variant differs in that factor only."
        },
        footer = {
            "",
            "Examples:",
            "  storagebench report",
            "  storagebench report --experiment local-file-init --format markdown",
            "  storagebench report --experiment local-file-init --html report.html",
            "  storagebench report --run 20261130-101500-a3f9 --format csv > run.csv"
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the summary was printed (or the HTML file or PNG charts written)",
            "1:no trials (or none that match), or the dataset is unreadable",
            "2:bad options or settings"
        })
public final class ReportCommand implements Callable<Integer> {
    @Mixin SettingsOptions settings;

    @Option(names = "--experiment", paramLabel = "NAME", description = "Only this experiment.")
    String experiment;

    @Option(names = "--run", paramLabel = "RUN_ID", description = "Only the trials of this run.")
    String runId;

    @Mixin HostOptions hosts;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "text",
            converter = FormatConverter.class,
            description =
                    "text (aligned table, default), markdown (the same table for a ticket), csv or json"
                            + " (durations in seconds).")
    ReportFormat format;

    @Option(
            names = "--html",
            paramLabel = "FILE",
            description =
                    "Write the report as one self-contained HTML file (charts, comparisons; works offline)"
                            + " instead of printing the summary; an HTML page there is replaced, any other"
                            + " file refused.")
    Path html;

    @Option(
            names = "--png",
            paramLabel = "DIR",
            description =
                    "Write the main charts (variant means per step, IOPS per file) as PNG files into DIR"
                            + " instead of printing the summary.")
    Path png;

    @Option(names = "--pool", description = PoolOption.DESCRIPTION)
    boolean pool;

    @Spec CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (runId != null) {
            RunId.validate(runId, "--run");
        }
        if (html != null) {
            OutputFile.HTML.mayReplace("--html", html);
        }
        if (png != null && Files.exists(png) && !Files.isDirectory(png)) {
            throw new BadInputException(
                    "--png " + png + ": is a file; give a folder (made where it is missing)");
        }
        HostScope scope = hosts.scope();
        Settings loaded = settings.load();
        Path parquet = ReadableDataset.folder(loaded);
        ReportFilter filter =
                ReportFilter.all()
                        .withExperiment(experiment)
                        .withRunId(runId)
                        .withHost(scope.name().orElse(null))
                        .withHostLabels(scope.labels())
                        .withPool(pool);
        if (!Report.hasTrials(parquet)) {
            return nothing(SettingsOptions.nothingYet(loaded, "trials"));
        }
        if (html != null || png != null) {
            return files(parquet, filter);
        }
        boolean people = format == ReportFormat.TEXT || format == ReportFormat.MARKDOWN;
        List<String> metrics = people ? HeadlineTable.metrics() : List.of(VariantStats.DURATION);
        List<VariantStats> stats =
                VariantStats.read(parquet, VariantStats.Query.of(filter).withMetrics(metrics));
        List<SummaryRow> rows = Report.summary(stats);
        if (rows.isEmpty()) {
            return nothing(noMatch(parquet, filter));
        }
        PoolOption.say(pool, people ? spec.commandLine().getOut() : spec.commandLine().getErr());
        spec.commandLine()
                .getOut()
                .print(
                        people
                                ? SummaryText.render(stats, format == ReportFormat.MARKDOWN)
                                : format.render(rows));
        if (format == ReportFormat.TEXT) {
            spec.commandLine().getOut().print(Unsteady.lines(Unsteady.read(parquet, filter)));
            spec.commandLine().getOut().print(TopWait.render(TopWait.read(parquet, filter)));
        }
        spec.commandLine().getOut().flush();
        return 0;
    }

    private int files(Path parquet, ReportFilter filter) {
        var out = spec.commandLine().getOut();
        if (html != null) {
            if (HtmlReport.write(parquet, filter, html).isEmpty()) {
                return nothing(noMatch(parquet, filter));
            }
            out.println("wrote " + html.toAbsolutePath());
        }
        if (png != null) {
            List<Path> charts = PngCharts.write(parquet, filter, png);
            if (charts.isEmpty()) {
                return nothing(noMatch(parquet, filter));
            }
            charts.forEach(chart -> out.println("wrote " + chart.toAbsolutePath()));
        }
        out.flush();
        return 0;
    }

    private static String noMatch(Path parquet, ReportFilter filter) {
        return "no trials match "
                + filter
                + " in "
                + Report.trialsDir(parquet)
                + Report.whatIsThere(
                        parquet,
                        filter.experiment().orElse(null),
                        filter.host().orElse(null),
                        filter.runId().stream().toList());
    }

    private int nothing(String message) {
        spec.commandLine().getErr().println("storagebench report: " + message);
        return Main.FAILED;
    }

    static final class FormatConverter implements ITypeConverter<ReportFormat> {
        @Override
        public ReportFormat convert(String value) {
            try {
                return ReportFormat.valueOf(value.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(
                        "expected text, markdown, csv or json, got '" + value + "'");
            }
        }
    }
}
