package storagebench.cli;

import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.DoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import storagebench.BadInputException;
import storagebench.compare.ChangePoint;
import storagebench.compare.ChangeSentence;
import storagebench.compare.Direction;
import storagebench.compare.Trend;
import storagebench.compare.TrendMethod;
import storagebench.compare.TrendOptions;
import storagebench.compare.Trends;
import storagebench.config.Settings;
import storagebench.report.Cells;
import storagebench.report.HostScope;
import storagebench.report.MetricFigures;
import storagebench.report.Report;
import storagebench.report.SharedFactors;
import storagebench.storage.ReadableDataset;

/** Each variant's mean run by run, its change points, and whether the latest run regressed. */
@Command(
        name = "trend",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Shows each variant's mean per run of an experiment, in the order the runs started, and where"
                    + " its level changed: E-Divisive means over the run means, each split kept while the"
                    + " Mann-Whitney U test of the runs before it against those after gives p < --p, a change"
                    + " smaller than --min-magnitude not reported. A worse change (slower, or lower where"
                    + " higher is better) within the last --recent runs is a regression, raised once: the"
                    + " runs after it are its new level. --method window keeps the earlier check instead: the"
                    + " latest run's trials against those of the --window runs before it (Mann-Whitney U)."
                    + " Runs imported from logs count like any other. A run whose fixed configuration differs"
                    + " from the run before it (e.g. rows=1000 after rows=5000) breaks the series: only the"
                    + " runs of the latest run's configuration are judged. See docs/trend.md."
        },
        footer = {
            "",
            "Examples:",
            "  storagebench trend --experiment local-file-init",
            "  storagebench trend --experiment local-file-init --last 10 \\",
            "      --fail-on-regression",
            "  storagebench trend --experiment local-file-init --method window --window 5"
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
            names = "--method",
            paramLabel = "changepoint|window",
            defaultValue = "changepoint",
            description =
                    "changepoint (default): the change points of each series; window: the latest run"
                            + " against the runs before it.")
    String method;

    @Option(
            names = "--p",
            paramLabel = "P",
            defaultValue = "0.01",
            description =
                    "The significance level, above 0 and below 1 (default 0.01): of each split, or of the"
                            + " latest run against its window.")
    double p;

    @Option(
            names = "--min-magnitude",
            paramLabel = "PERCENT",
            defaultValue = "2%",
            description =
                    "changepoint: the smallest change reported, in percent of the level before it"
                            + " (default 2%%).")
    String minMagnitude;

    @Option(
            names = "--recent",
            paramLabel = "K",
            defaultValue = "3",
            description =
                    "changepoint: a worse change point within the last K runs is a regression (default"
                            + " 3).")
    int recent;

    @Option(
            names = "--window",
            paramLabel = "N",
            defaultValue = "5",
            description =
                    "window: how many runs before the latest it is judged against (default 5).")
    int window;

    @Option(
            names = "--metric",
            paramLabel = "duration|NAME",
            description =
                    "duration (seconds) or any metric of the trials, e.g. tpm; by default each step's"
                            + " headline metrics (file-io: iops, mb_per_s, latencies, queued_ms; oltp:"
                            + " nopm, tpm, latency_p95_ms; a pgbench log: tpm), and its duration where"
                            + " none of them measures it.")
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

    @Option(
            names = "--last",
            paramLabel = "N",
            description =
                    "text: print only the latest N runs of each series (default: every run); the change"
                            + " points and the verdict are still found over every run.")
    Integer last;

    @Spec CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        TrendOptions options =
                new TrendOptions(TrendMethod.of(method), p, percent(minMagnitude), recent, window);
        String f = format.strip().toLowerCase(Locale.ROOT);
        if (!f.equals("text") && !f.equals("csv")) {
            throw new BadInputException("--format: text or csv, got '" + format + "'");
        }
        if (last != null && last < 1) {
            throw new BadInputException("--last: at least 1 run, got " + last);
        }
        if (last != null && f.equals("csv")) {
            throw new BadInputException("--last: text only; csv has a row for every run");
        }
        HostScope scope = hosts.scope();
        String asked = metric == null ? null : metric.strip();
        Settings loaded = settings.load();
        Path parquet = ReadableDataset.folder(loaded);
        if (!Report.hasTrials(parquet)) {
            spec.commandLine()
                    .getErr()
                    .println("storagebench trend: " + SettingsOptions.nothingYet(loaded, "trials"));
            return Main.FAILED;
        }
        List<Trend> trends =
                asked == null
                        ? Trends.ofMeasures(parquet, scope, experiment, options)
                        : Trends.of(parquet, scope, experiment, asked, options);
        if (trends.isEmpty()) {
            spec.commandLine()
                    .getErr()
                    .println(
                            "storagebench trend: no measured trials of experiment '"
                                    + experiment
                                    + "'"
                                    + (scope.isAll() ? "" : " (" + scope.options() + ")")
                                    + (asked == null ? "" : " with the metric '" + asked + "'")
                                    + " in "
                                    + Report.trialsDir(parquet)
                                    + Report.whatIsThere(
                                            parquet,
                                            experiment,
                                            scope.name().orElse(null),
                                            List.of(),
                                            asked));
            return Main.FAILED;
        }
        spec.commandLine()
                .getOut()
                .print(
                        f.equals("csv")
                                ? csv(trends)
                                : text(trends, last == null ? Integer.MAX_VALUE : last));
        spec.commandLine().getOut().flush();
        boolean regressed = trends.stream().anyMatch(Trend::regression);
        return failOnRegression && regressed ? REGRESSED : 0;
    }

    /** {@code 2%} or {@code 2} as 0.02. */
    static double percent(String text) {
        String number = text.strip();
        number = number.endsWith("%") ? number.substring(0, number.length() - 1).strip() : number;
        try {
            return Double.parseDouble(number) / 100;
        } catch (NumberFormatException e) {
            throw new BadInputException(
                    "--min-magnitude: a percentage such as 2%, got '" + text + "'");
        }
    }

    /** Each trend's runs, their means in one unit per experiment and step, as {@code report} has them. */
    static String text(List<Trend> trends) {
        return text(trends, Integer.MAX_VALUE);
    }

    /** As {@link #text(List)}, with only the latest {@code last} runs of each trend printed. */
    static String text(List<Trend> trends, int last) {
        Map<List<String>, List<Double>> means = new HashMap<>();
        for (Trend t : trends) {
            t.runs()
                    .forEach(
                            run ->
                                    means.computeIfAbsent(unitKey(t), k -> new ArrayList<>())
                                            .add(run.mean()));
        }
        // the factors every series of an experiment has, said once above its first
        Map<String, List<String>> shared = new HashMap<>();
        for (Trend t : trends) {
            shared.computeIfAbsent(
                    t.experiment(),
                    e ->
                            SharedFactors.sharedParts(
                                    trends.stream()
                                            .filter(o -> o.experiment().equals(e))
                                            .map(Trend::variant)
                                            .toList()));
        }
        StringBuilder out = new StringBuilder();
        String experiment = null;
        for (Trend t : trends) {
            DoubleFunction<String> figure = MetricFigures.of(t.metric(), means.get(unitKey(t)));
            List<String> said = shared.get(t.experiment());
            if (!t.experiment().equals(experiment)) {
                experiment = t.experiment();
                if (!said.isEmpty()) {
                    out.append(experiment)
                            .append(": every variant has ")
                            .append(String.join(", ", said))
                            .append('\n');
                }
            }
            String own = SharedFactors.without(t.variant(), said);
            out.append(t.experiment())
                    .append(" · ")
                    .append(t.host())
                    .append(" · ")
                    .append(t.step())
                    .append(" · ")
                    .append(own.isEmpty() ? "" : own + " · ")
                    .append(t.metric())
                    .append('\n');
            int hidden = Math.max(0, t.runs().size() - last);
            if (hidden > 0) {
                out.append("  … ")
                        .append(hidden)
                        .append(hidden == 1 ? " earlier run" : " earlier runs")
                        .append(" (every run: leave out --last)\n");
            }
            String configuration = hidden > 0 ? t.runs().get(hidden - 1).configuration() : null;
            for (Trend.RunMean run : t.runs().subList(hidden, t.runs().size())) {
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
                                run.start().truncatedTo(ChronoUnit.SECONDS),
                                run.runId(),
                                run.n(),
                                figure.apply(run.mean())));
            }
            boolean higher = Direction.higherIsBetter(t.metric());
            for (ChangePoint c : t.changePoints()) {
                out.append("  ")
                        .append(c.meanAfter() > c.meanBefore() ? '↑' : '↓')
                        .append(' ')
                        .append(ChangeSentence.of(c, higher))
                        .append(" (mean ")
                        .append(level(figure, c.meanBefore(), c.beforeLow(), c.beforeHigh()))
                        .append(" → ")
                        .append(level(figure, c.meanAfter(), c.afterLow(), c.afterHigh()))
                        .append(", ")
                        .append(ChangeSentence.p(c.p()))
                        .append(")\n");
            }
            out.append("  → ")
                    .append(t.verdict())
                    .append(t.test() == null ? "" : " [" + t.test() + "]")
                    .append('\n');
        }
        return out.toString();
    }

    /** {@code 1.23 s [1.20, 1.26]}: the unit once, after the mean. */
    private static String level(
            DoubleFunction<String> figure, double mean, double low, double high) {
        String m = figure.apply(mean);
        int space = m.lastIndexOf(' ');
        String unit = space < 0 ? "" : m.substring(space);
        return m
                + " ["
                + bare(figure.apply(low), unit)
                + ", "
                + bare(figure.apply(high), unit)
                + "]";
    }

    private static String bare(String figure, String unit) {
        return !unit.isEmpty() && figure.endsWith(unit)
                ? figure.substring(0, figure.length() - unit.length())
                : figure;
    }

    private static List<String> unitKey(Trend t) {
        return List.of(t.experiment(), t.step(), t.metric());
    }

    private static String csv(List<Trend> trends) {
        StringBuilder out =
                new StringBuilder(
                        "experiment,host,step,variant,metric,run_id,configuration,start,n,mean,latest,window,test,p,regression,"
                                + "method,change_point,mean_before,before_low,before_high,mean_after,after_low,"
                                + "after_high,change_p,change_worse\n");
        for (Trend t : trends) {
            for (int i = 0; i < t.runs().size(); i++) {
                Trend.RunMean run = t.runs().get(i);
                boolean latest = i == t.runs().size() - 1;
                int index = i;
                ChangePoint c =
                        t.changePoints().stream()
                                .filter(x -> x.index() == index)
                                .findFirst()
                                .orElse(null);
                out.append(
                                Stream.of(
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
                                                String.valueOf(latest && t.regression()),
                                                t.method(),
                                                String.valueOf(c != null),
                                                c == null ? "" : c.meanBefore(),
                                                c == null ? "" : c.beforeLow(),
                                                c == null ? "" : c.beforeHigh(),
                                                c == null ? "" : c.meanAfter(),
                                                c == null ? "" : c.afterLow(),
                                                c == null ? "" : c.afterHigh(),
                                                c == null ? "" : c.p(),
                                                c == null ? "" : String.valueOf(c.worse()))
                                        .map(Cells::csv)
                                        .collect(Collectors.joining(",")))
                        .append('\n');
            }
        }
        return out.toString();
    }
}
