package storagebench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import storagebench.BadInputException;
import storagebench.compare.CompareFormat;
import storagebench.compare.CompareRequest;
import storagebench.compare.Comparison;
import storagebench.compare.Comparisons;
import storagebench.config.Settings;
import storagebench.report.HostScope;
import storagebench.report.Report;
import storagebench.runner.RunId;
import storagebench.storage.ReadableDataset;

/** Compares the variants of an experiment with a baseline, holding the other factors fixed. */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Compares each variant of the dataset's measured trials with a baseline that differs from it in"
                    + " the compared factors only, per experiment, host and step, and says the answer in words:"
                    + " faster or slower by ×r [95%% interval of the ratio of means], or no difference detected"
                    + " with the repetitions that would detect 5%%.",
            "Without --baseline the experiment's own baseline (its config's baseline:) limits what is"
                    + " compared where the data holds it: each variant with that baseline only; without either, each factor is compared in turn, against its best level (the"
                    + " fastest, or the highest where higher is better: iops, mb_per_s, tps, nopm) in each"
                    + " combination of the other factors. The test is Welch's t-test on log values (Mann-Whitney U where a value is"
                    + " not positive), Holm-adjusted over the variants compared with one baseline."
        },
        footer = {
            "",
            "Examples:",
            "  storagebench compare --experiment local-file-init",
            "  storagebench compare --experiment local-file-init --baseline init=zero \\",
            "      --metric duration",
            "  storagebench compare --experiment local-file-init --by host \\",
            "      --baseline-host db1"
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the comparisons were printed",
            "1:no measured trials match, or the dataset is unreadable",
            "2:bad options (an unknown baseline names the factors and values there are)"
        })
public final class CompareCommand implements Callable<Integer> {
    @Mixin SettingsOptions settings;

    @Option(names = "--experiment", paramLabel = "NAME", description = "Only this experiment.")
    String experiment;

    @Option(
            names = "--baseline",
            paramLabel = "FACTOR=VALUE[,…]",
            description =
                    "The baseline's factor values, e.g. init=zero (with --by host: host=NAME); default: the"
                            + " experiment's baseline: where it declares one.")
    String baseline;

    @Option(
            names = "--by",
            paramLabel = "host|variant",
            description =
                    "variant (default; host with --baseline-host): variants on each host; host: hosts"
                            + " for each variant.")
    String by;

    @Option(
            names = "--baseline-host",
            paramLabel = "NAME",
            description =
                    "With --by host: the host the others are compared with (default: the best host for"
                            + " each variant).")
    String baselineHost;

    @Mixin HostOptions hosts;

    @Option(
            names = "--metric",
            paramLabel = "duration|NAME",
            description =
                    "duration (seconds) or any metric of the trials, e.g. iops; by default the duration"
                            + " and the headline metrics the workloads declare (file-io: iops, mb_per_s,"
                            + " latencies, queued_ms).")
    String metric;

    @Option(
            names = "--run",
            paramLabel = "RUN_ID",
            split = ",",
            description = "Only these runs (repeatable).")
    List<String> runs = new ArrayList<>();

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "text",
            converter = FormatConverter.class,
            description = "text (default), markdown, csv or json.")
    CompareFormat format;

    @Option(names = "--pool", description = PoolOption.DESCRIPTION)
    boolean pool;

    @Spec CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        runs.forEach(run -> RunId.validate(run, "--run"));
        String arms = by != null ? by : baselineHost != null ? "host" : "variant";
        boolean byHost =
                switch (arms.strip().toLowerCase(Locale.ROOT)) {
                    case "host" -> true;
                    case "variant" -> false;
                    default ->
                            throw new BadInputException("--by: host or variant, got '" + by + "'");
                };
        if (baselineHost != null && !byHost) {
            throw new BadInputException(
                    "--baseline-host: compares hosts, which --by variant does not; leave --by out"
                            + " or give --by host");
        }
        if (baselineHost != null && baseline != null) {
            throw new BadInputException(
                    "--baseline-host and --baseline: give one (--baseline-host NAME is --baseline"
                            + " host=NAME)");
        }
        HostScope scope = hosts.scope();
        Settings loaded = settings.load();
        Path parquet = ReadableDataset.folder(loaded);
        if (!Report.hasTrials(parquet)) {
            return nothing(SettingsOptions.nothingYet(loaded, "trials"));
        }
        List<String> metrics =
                metric == null ? Comparisons.defaultMetrics() : List.of(metric.strip());
        Map<String, String> base =
                baselineHost != null
                        ? Map.of(Comparisons.HOST, baselineHost.strip())
                        : baseline(baseline);
        List<Comparison> rows =
                Comparisons.of(
                        parquet,
                        new CompareRequest(
                                experiment,
                                base,
                                byHost,
                                metrics.get(0),
                                List.copyOf(runs),
                                pool,
                                scope),
                        metrics);
        if (rows.isEmpty()) {
            return nothing(
                    "nothing to compare: no two "
                            + (byHost ? "hosts" : "variants")
                            + " with measured trials of "
                            + (experiment == null
                                    ? "any experiment"
                                    : "experiment '" + experiment + "'")
                            + (runs.isEmpty() ? "" : " in --run " + String.join(",", runs))
                            + (scope.isAll() ? "" : " on the hosts of " + scope.options())
                            + (metric == null ? "" : " have the metric '" + metric.strip() + "'")
                            + " in "
                            + Report.trialsDir(parquet)
                            + Report.whatIsThere(
                                    parquet,
                                    experiment,
                                    scope.name().orElse(null),
                                    runs,
                                    metric == null ? null : metric.strip()));
        }
        PoolOption.say(
                pool,
                format == CompareFormat.CSV || format == CompareFormat.JSON
                        ? spec.commandLine().getErr()
                        : spec.commandLine().getOut());
        spec.commandLine().getOut().print(format.render(rows));
        spec.commandLine().getOut().flush();
        return 0;
    }

    static Map<String, String> baseline(String text) {
        Map<String, String> values = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return values;
        }
        for (String part : text.split(",")) {
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new BadInputException(
                        "--baseline: '" + part.strip() + "' is not FACTOR=VALUE");
            }
            values.put(part.substring(0, eq).strip(), part.substring(eq + 1).strip());
        }
        return values;
    }

    private int nothing(String message) {
        spec.commandLine().getErr().println("storagebench compare: " + message);
        return Main.FAILED;
    }

    static final class FormatConverter implements ITypeConverter<CompareFormat> {
        @Override
        public CompareFormat convert(String value) {
            try {
                return CompareFormat.of(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
