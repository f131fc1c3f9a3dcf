package storagebench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.DoubleFunction;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import storagebench.BadInputException;
import storagebench.compare.CompareRequest;
import storagebench.compare.Trend;
import storagebench.compare.Trends;
import storagebench.report.Cells;
import storagebench.report.HostScope;
import storagebench.report.MetricFigures;
import storagebench.report.Report;
import storagebench.storage.ReadableDataset;

/** Each variant's mean run by run, and whether the latest run regressed. */
@Command(
        name = "trend",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Shows each variant's mean per run of an experiment, in the order the runs started, and judges the"
                    + " latest run against the runs before it (--window): the Mann-Whitney U test of its trials"
                    + " against the window's, a regression when p < 0.01 and the latest mean is worse (slower, or"
                    + " lower where higher is better). Runs imported from logs count like any other. A run whose"
                    + " fixed configuration differs from the run before it (e.g. rows=1000 after rows=5000) breaks"
                    + " the series: the latest run is judged only against runs of its own configuration."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the trends were printed (and, with --fail-on-regression, none regressed)",
            "1:no measured trials of the experiment, or the dataset is unreadable",
            "2:bad options",
            "3:with --fail-on-regression: the latest run regressed"
        })
public final class TrendCommand implements Callable<Integer> {
    static final int REGRESSED = 3;

    @Mixin SettingsOptions settings;

    @Option(
            names = "--experiment",
            required = true,
            paramLabel = "NAME",
            description = "The experiment.")
    String experiment;

    @Option(
            names = "--window",
            paramLabel = "N",
            defaultValue = "5",
            description = "How many runs before the latest it is judged against (default 5).")
    int window;

    @Option(
            names = "--metric",
            paramLabel = "duration|NAME",
            defaultValue = CompareRequest.DURATION,
            description = "duration (seconds, default) or any metric of the trials.")
    String metric;

    @Mixin HostOptions hosts;

    @Option(
            names = "--fail-on-regression",
            description = "Exit 3 when the latest run regressed, for a scheduled job or CI.")
    boolean failOnRegression;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "text",
            description = "text (default) or csv.")
    String format;

    @Spec CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (window < 1) {
            throw new BadInputException("--window: at least 1, got " + window);
        }
        String f = format.strip().toLowerCase(Locale.ROOT);
        if (!f.equals("text") && !f.equals("csv")) {
            throw new BadInputException("--format: text or csv, got '" + format + "'");
        }
        HostScope scope = hosts.scope();
        Path parquet = ReadableDataset.folder(settings.load());
        List<Trend> trends =
                Report.hasTrials(parquet)
                        ? Trends.of(parquet, scope, experiment, metric.strip(), window)
                        : List.of();
        if (trends.isEmpty()) {
            spec.commandLine()
                    .getErr()
                    .println(
                            "storagebench trend: no measured trials of experiment '"
                                    + experiment
                                    + "'"
                                    + (scope.isAll() ? "" : " (" + scope.options() + ")")
                                    + " in "
                                    + Report.trialsDir(parquet));
            return Main.FAILED;
        }
        spec.commandLine().getOut().print(f.equals("csv") ? csv(trends) : text(trends));
        spec.commandLine().getOut().flush();
        boolean regressed = trends.stream().anyMatch(Trend::regression);
        return failOnRegression && regressed ? REGRESSED : 0;
    }

    /** Each trend's runs, their means in one unit per experiment and step, as {@code report} has them. */
    static String text(List<Trend> trends) {
        Map<List<String>, List<Double>> means = new HashMap<>();
        for (Trend t : trends) {
            t.runs()
                    .forEach(
                            run ->
                                    means.computeIfAbsent(unitKey(t), k -> new ArrayList<>())
                                            .add(run.mean()));
        }
        StringBuilder out = new StringBuilder();
        for (Trend t : trends) {
            DoubleFunction<String> figure = MetricFigures.of(t.metric(), means.get(unitKey(t)));
            out.append(t.experiment())
                    .append(" · ")
                    .append(t.host())
                    .append(" · ")
                    .append(t.step())
                    .append(" · ")
                    .append(t.variant())
                    .append(" · ")
                    .append(t.metric())
                    .append('\n');
            String configuration = null;
            for (Trend.RunMean run : t.runs()) {
                if (configuration != null && !configuration.equals(run.configuration())) {
                    out.append("  -- configuration changed: ")
                            .append(run.configuration())
                            .append(" (was ")
                            .append(configuration)
                            .append(") --\n");
                }
                configuration = run.configuration();
                out.append(
                        String.format(
                                Locale.ROOT,
                                "  %s  %s  n=%d  mean %s%n",
                                run.start(),
                                run.runId(),
                                run.n(),
                                figure.apply(run.mean())));
            }
            out.append("  → ")
                    .append(t.verdict())
                    .append(t.test() == null ? "" : " [" + t.test() + "]")
                    .append('\n');
        }
        return out.toString();
    }

    private static List<String> unitKey(Trend t) {
        return List.of(t.experiment(), t.step(), t.metric());
    }

    private static String csv(List<Trend> trends) {
        StringBuilder out =
                new StringBuilder(
                        "experiment,host,step,variant,metric,run_id,configuration,start,n,mean,latest,window,test,p,regression\n");
        for (Trend t : trends) {
            for (int i = 0; i < t.runs().size(); i++) {
                Trend.RunMean run = t.runs().get(i);
                boolean latest = i == t.runs().size() - 1;
                out.append(
                                List.of(
                                                t.experiment(),
                                                t.host(),
                                                t.step(),
                                                t.variant(),
                                                t.metric(),
                                                run.runId(),
                                                run.configuration(),
                                                run.start().toString(),
                                                run.n(),
                                                run.mean(),
                                                String.valueOf(latest),
                                                t.window(),
                                                t.test() == null ? "" : t.test(),
                                                latest && t.p() != null ? t.p() : "",
                                                String.valueOf(latest && t.regression()))
                                        .stream()
                                        .map(Cells::csv)
                                        .collect(Collectors.joining(",")))
                        .append('\n');
            }
        }
        return out.toString();
    }
}
