package storagebench.experiment;

import java.io.StringReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.Node;
import storagebench.config.ConfigException;
import storagebench.config.ConfigNode;
import storagebench.config.InputLimits;
import storagebench.config.SecretReferences;
import storagebench.config.Secrets;
import storagebench.config.Values;
import storagebench.dbms.Target;
import storagebench.dbms.TargetKind;
import storagebench.workload.Param;
import storagebench.workload.ParamType;
import storagebench.workload.Workload;
import storagebench.workload.WorkloadType;
import storagebench.workload.Workloads;

/**
 * Reads an experiment YAML and checks all of it before anything runs: unknown keys, wrong types,
 * missing values and bad factor values fail with file, line, key and reason.
 */
public final class ExperimentLoader {
    /** The largest plan run without an explicit max-trials. */
    public static final int DEFAULT_MAX_TRIALS = 10_000;

    private final Path dataDir;

    public ExperimentLoader(Path dataDir) {
        this.dataDir = dataDir;
    }

    public Experiment load(Path file) {
        return load(file, Map.of());
    }

    /** Loads a run's stored config: its text with the overrides recorded in it applied again. */
    public Experiment loadStored(Path file) {
        String text = ConfigText.read(file);
        Secrets.removedAt(text)
                .ifPresent(
                        line -> {
                            throw new ConfigException(
                                    file.toString(),
                                    line,
                                    null,
                                    "a secret was removed from this stored copy of the run's config "
                                            + "(it shows "
                                            + Secrets.MASK
                                            + "), so the run cannot go on as it started; give "
                                            + "secrets as ${env:NAME} or ${file:PATH}, which are stored as "
                                            + "written and read when the command runs, and start a new run");
                        });
        return parse(file.toString(), Overrides.withoutRecorded(text), Overrides.recorded(text));
    }

    /** Loads the file with {@code --override} values applied before anything is checked. */
    public Experiment load(Path file, Map<String, String> overrides) {
        return parse(file.toString(), ConfigText.read(file), overrides);
    }

    public Experiment parse(String file, String text) {
        return parse(file, text, Map.of());
    }

    public Experiment parse(String file, String text, Map<String, String> overrides) {
        return parse(file, text, overrides, this::stored);
    }

    /**
     * The configuration of the experiment as its run stores it (secrets removed): what a run's events
     * carry, and what a stored run's text reads back as. Where that text cannot be read again, the
     * values read from the file with every secret removed from each.
     */
    FixedConfiguration stored(String source, FixedConfiguration asWritten) {
        try {
            return parse(
                            "stored config",
                            Overrides.withoutRecorded(source),
                            Overrides.recorded(source),
                            (storedSource, storedAsWritten) -> storedAsWritten)
                    .configuration();
        } catch (RuntimeException e) {
            return asWritten.redacted();
        }
    }

    /**
     * The experiment in {@code text}, its configuration what {@code configuration} makes of its stored
     * source and the configuration as written.
     */
    private Experiment parse(
            String file,
            String text,
            Map<String, String> overrides,
            BiFunction<String, FixedConfiguration, FixedConfiguration> configuration) {
        Node root;
        try {
            root = new Yaml(InputLimits.yaml()).compose(new StringReader(text));
        } catch (MarkedYAMLException e) {
            int line = e.getProblemMark() == null ? 0 : e.getProblemMark().getLine() + 1;
            throw new ConfigException(file, line, null, "not valid YAML: " + e.getProblem());
        } catch (RuntimeException e) {
            // an alias bomb, collections nested too deep: SnakeYAML's limits (InputLimits)
            throw new ConfigException(
                    file, InputLimits.lineOfLimit(text), null, "not valid YAML: " + e.getMessage());
        }
        if (root == null) {
            throw new ConfigException(file, 1, null, "the file is empty");
        }
        Map<Node, String> origins = Overrides.apply(file, root, overrides);
        SecretReferences.check(file, root, origins);
        return read(
                new ConfigNode(file, "", root, origins),
                Secrets.redact(
                        text
                                + (overrides.isEmpty() || text.endsWith("\n") ? "" : "\n")
                                + Overrides.describe(overrides)),
                configuration);
    }

    private Experiment read(
            ConfigNode root,
            String source,
            BiFunction<String, FixedConfiguration, FixedConfiguration> configuration) {
        if (!root.isMapping()) {
            throw root.error(
                    "an experiment is a mapping with keys experiment, target, workload, factors, ...");
        }
        String name = root.value("experiment", Values.NAME_TEXT, null);
        if (name == null) {
            throw root.error("'experiment' (the experiment's name) is missing; it is required");
        }
        String description = root.value("description", Values.TEXT, "");
        ConfigNode targetNode = root.required("target");
        Target target = TargetKind.of(targetNode.required("kind")).read(targetNode, dataDir);
        targetNode.finish("target");
        ConfigNode workloadNode = root.required("workload");
        ConfigNode typeNode = workloadNode.required("type");
        WorkloadType generic =
                Workloads.find(typeNode.text().strip())
                        .orElseThrow(
                                () ->
                                        typeNode.error(
                                                "unknown workload '"
                                                        + typeNode.text()
                                                        + "'; known: "
                                                        + String.join(", ", Workloads.names())));
        Workload workload;
        try {
            workload = generic.on(target);
        } catch (IllegalArgumentException e) {
            throw typeNode.error(e.getMessage());
        }
        Map<String, Param> params = new LinkedHashMap<>();
        workload.params().forEach(p -> params.put(p.name(), p));
        List<HostSetting> hostSettings = hostSettings(root.get("host-settings"), params);
        Matrix matrix =
                new MatrixReader(
                                params,
                                "workload " + workload.name(),
                                workload.acceptsExtraFactors())
                        .read(root);
        Map<String, Object> fixed = fixedParams(workloadNode, workload, matrix.factors());
        Map<String, String> baseline = baseline(root.get("baseline"), matrix);
        int maxTrials = root.value("max-trials", Values.intAtLeast(1), DEFAULT_MAX_TRIALS);
        String planLimit = "max-trials, the most trials a plan may have; raise it if that is meant";
        int repetitions = root.value("repetitions", Values.intBetween(1, maxTrials, planLimit), 3);
        int warmups = root.value("warmups", Values.intBetween(0, maxTrials, planLimit), 1);
        Order order =
                Order.valueOf(
                        root.value(
                                        "order",
                                        Values.oneOf(
                                                List.of("interleaved", "random", "sequential")),
                                        "interleaved")
                                .toUpperCase(Locale.ROOT));
        long seed = root.value("seed", Values.LONG, 1L);
        Duration timeout = root.value("timeout", Values.DURATION, null);
        OnFailure onFailure =
                OnFailure.valueOf(
                        root.value(
                                        "on-failure",
                                        Values.oneOf(List.of("continue", "stop")),
                                        "continue")
                                .toUpperCase(Locale.ROOT));
        root.finish("the experiment");
        Experiment experiment =
                new Experiment(
                        name,
                        description,
                        target,
                        workload,
                        fixed,
                        matrix,
                        repetitions,
                        warmups,
                        order,
                        seed,
                        timeout,
                        onFailure,
                        hostSettings,
                        baseline,
                        source,
                        configuration.apply(
                                source,
                                FixedConfiguration.of(
                                        workload, fixed, matrix.factors().keySet(), targetNode)));
        checkSize(root, experiment, maxTrials);
        VariantChecks.run(root, experiment);
        return experiment;
    }

    /**
     * The variant the others are compared with ({@code baseline: {init: zero}}): each key a factor,
     * each value one of its values.
     */
    private static Map<String, String> baseline(ConfigNode node, Matrix matrix) {
        if (node == null) {
            return Map.of();
        }
        if (!node.isMapping() || node.keys().isEmpty()) {
            throw node.error(
                    "the variant the others are compared with, as factor: value (e.g. init: zero)");
        }
        Map<String, Set<String>> levels = new LinkedHashMap<>();
        matrix.variants()
                .forEach(
                        v ->
                                v.forEach(
                                        (f, value) ->
                                                levels.computeIfAbsent(
                                                                f, x -> new LinkedHashSet<>())
                                                        .add(value)));
        Map<String, String> baseline = new LinkedHashMap<>();
        for (Map.Entry<String, ConfigNode> entry : node.entries().entrySet()) {
            Set<String> values = levels.get(entry.getKey());
            if (values == null) {
                throw entry.getValue()
                        .error(
                                "not a factor of this experiment; its factors are: "
                                        + String.join(", ", levels.keySet()));
            }
            String value = entry.getValue().text();
            if (!values.contains(value)) {
                throw entry.getValue()
                        .error(
                                "'"
                                        + value
                                        + "' is not a value of "
                                        + entry.getKey()
                                        + "; its values are: "
                                        + String.join(", ", values));
            }
            baseline.put(entry.getKey(), value);
        }
        return Collections.unmodifiableMap(baseline);
    }

    private static List<HostSetting> hostSettings(ConfigNode node, Map<String, Param> params) {
        List<HostSetting> settings = new ArrayList<>();
        if (node == null) {
            return settings;
        }
        Secrets.refuseSecretKeys(
                node, "a host setting's value is a factor, and " + Secrets.NOT_A_FACTOR);
        for (Map.Entry<String, ConfigNode> entry : node.entries().entrySet()) {
            if (params.containsKey(entry.getKey())) {
                throw entry.getValue()
                        .error("is a workload parameter; name the host setting otherwise");
            }
            settings.add(HostSetting.read(entry.getKey(), entry.getValue()));
            params.put(
                    entry.getKey(), Param.required(entry.getKey(), ParamType.TEXT, "host setting"));
        }
        return List.copyOf(settings);
    }

    private static void checkSize(ConfigNode root, Experiment experiment, int maxTrials) {
        int variants = experiment.matrix().variants().size();
        if (variants == 0) {
            throw root.error(
                    "the factor matrix expands to no variant: every combination is excluded");
        }
        long trials = (long) variants * (experiment.repetitions() + experiment.warmups());
        if (trials > maxTrials) {
            throw root.error(
                    "the plan has "
                            + trials
                            + " trials ("
                            + variants
                            + " variants × "
                            + (experiment.repetitions() + experiment.warmups())
                            + "), more than max-trials "
                            + maxTrials
                            + "; raise max-trials if that is meant");
        }
    }

    private Map<String, Object> fixedParams(
            ConfigNode node, Workload workload, Map<String, List<String>> factors) {
        Map<String, Object> fixed = new LinkedHashMap<>();
        Secrets.refuseSecretKeys(
                node,
                "a workload's parameters are stored with every run; a target's password "
                        + "comes from password-env or password-file");
        for (Param param : workload.params()) {
            ConfigNode value = node.get(param.name());
            if (value != null && factors.containsKey(param.name())) {
                throw value.error("is also a factor; give it in one place only");
            }
            if (value != null) {
                fixed.put(param.name(), MatrixReader.check(param, value));
            } else if (param.defaultValue() != null) {
                fixed.put(param.name(), param.parse(param.defaultValue()));
            } else if (!factors.containsKey(param.name())) {
                throw new ConfigException(
                        node.file(),
                        node.line(),
                        node.path() + "." + param.name(),
                        "missing; workload " + workload.name() + " needs it (" + param.doc() + ")");
            }
        }
        node.finish("workload " + workload.name());
        return fixed;
    }
}
