package storagebench.schedule;

import java.io.StringReader;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.Node;
import storagebench.config.ConfigException;
import storagebench.config.ConfigNode;
import storagebench.config.HostIdentity;
import storagebench.config.InputLimits;
import storagebench.config.Values;
import storagebench.experiment.ConfigText;

/**
 * Reads a schedules file and checks all of it: unknown keys, wrong types, bad cron expressions, time
 * zones and names fail with file, line, key and reason. Experiment files are resolved against the
 * schedules file's folder but not loaded here: one that is missing or invalid makes its schedule
 * broken when it fires, and the others keep running.
 */
public final class ScheduleLoader {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,100}");
    private static final List<String> KEYS =
            List.of(
                    "time-zone",
                    "misfire",
                    "overlap",
                    "retry",
                    "backoff",
                    "max-runtime",
                    "enabled",
                    "window",
                    "notify",
                    "hosts",
                    "confirm");

    private ScheduleLoader() {}

    public static List<Schedule> load(Path file) {
        return parse(file, ConfigText.read(file));
    }

    public static List<Schedule> parse(Path file, String text) {
        String name = file.toString();
        Node root;
        try {
            root = new Yaml(InputLimits.yaml()).compose(new StringReader(text));
        } catch (MarkedYAMLException e) {
            int line = e.getProblemMark() == null ? 0 : e.getProblemMark().getLine() + 1;
            throw new ConfigException(name, line, null, "not valid YAML: " + e.getProblem());
        } catch (RuntimeException e) {
            // an alias bomb, collections nested too deep: SnakeYAML's limits (InputLimits)
            throw new ConfigException(
                    name, InputLimits.lineOfLimit(text), null, "not valid YAML: " + e.getMessage());
        }
        if (root == null) {
            throw new ConfigException(name, 1, null, "the file is empty");
        }
        ConfigNode top = new ConfigNode(name, "", root);
        if (!top.isMapping()) {
            throw top.error("a schedules file is a mapping with keys defaults and schedules");
        }
        ConfigNode defaults = top.get("defaults");
        if (defaults != null) {
            if (!defaults.isMapping()) {
                throw defaults.error("a mapping of the keys every schedule may set: " + KEYS);
            }
            defaults.keys().stream()
                    .filter(k -> !KEYS.contains(k))
                    .findFirst()
                    .ifPresent(
                            k -> {
                                throw defaults.get(k)
                                        .error("not a default; a default is one of " + KEYS);
                            });
        }
        ConfigNode list = top.required("schedules");
        top.finish("the schedules file");
        Path folder = file.toAbsolutePath().getParent();
        List<Schedule> schedules = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (ConfigNode node : list.items()) {
            Schedule schedule = schedule(node, defaults, folder);
            if (!names.add(schedule.name())) {
                throw node.get("name").error("a second schedule named '" + schedule.name() + "'");
            }
            schedules.add(schedule);
        }
        if (schedules.isEmpty()) {
            throw list.error("no schedule: give at least one");
        }
        return List.copyOf(schedules);
    }

    private static Schedule schedule(ConfigNode node, ConfigNode defaults, Path folder) {
        if (!node.isMapping()) {
            throw node.error("a schedule is a mapping with keys name, experiment, cron, ...");
        }
        String name = node.value("name", Values.TEXT, null);
        if (name == null) {
            throw node.error("'name' is missing; it is required");
        }
        if (!NAME.matcher(name).matches()) {
            throw node.get("name")
                    .error("'" + name + "': 1 to 100 letters, digits, '.', '_' or '-'");
        }
        String experiment = node.required("experiment").text();
        ConfigNode cronNode = node.required("cron");
        String cron = Cron.quartz(cronNode);
        ZoneId zone = setting(node, defaults, "time-zone", ScheduleLoader::zone, ZoneId.of("UTC"));
        Cron.check(cronNode, cron, zone);
        Schedule.Misfire misfire =
                Schedule.Misfire.valueOf(
                        enumText(
                                setting(
                                        node,
                                        defaults,
                                        "misfire",
                                        Values.oneOf(List.of("run-once", "skip")),
                                        "run-once")));
        Schedule.Overlap overlap =
                Schedule.Overlap.valueOf(
                        enumText(
                                setting(
                                        node,
                                        defaults,
                                        "overlap",
                                        Values.oneOf(List.of("wait", "skip")),
                                        "wait")));
        int retry = setting(node, defaults, "retry", Values.intAtLeast(0), 0);
        Duration backoff =
                setting(node, defaults, "backoff", Values.DURATION, Duration.ofMinutes(1));
        Duration maxRuntime = setting(node, defaults, "max-runtime", Values.DURATION, null);
        boolean enabled = setting(node, defaults, "enabled", Values.BOOLEAN, true);
        int window = setting(node, defaults, "window", Values.intAtLeast(1), 5);
        Schedule.Notify notify = setting(node, defaults, "notify", ScheduleLoader::notify, null);
        HostSelector hosts =
                setting(node, defaults, "hosts", ScheduleLoader::hosts, HostSelector.ANY);
        Schedule.Confirm confirm =
                Schedule.Confirm.valueOf(
                        enumText(
                                setting(
                                        node,
                                        defaults,
                                        "confirm",
                                        Values.oneOf(List.of("none", "rerun")),
                                        "none")));
        Map<String, String> overrides = overrides(node.get("overrides"));
        node.finish("schedule '" + name + "'");
        return new Schedule(
                name,
                folder.resolve(experiment).normalize(),
                cronNode.text().strip().replaceAll("\\s+", " "),
                cron,
                zone,
                misfire,
                overlap,
                retry,
                backoff,
                maxRuntime,
                enabled,
                overrides,
                window,
                notify,
                hosts,
                confirm,
                node.line());
    }

    /** {@code any}, {@code all}, {@code [name, …]} or {@code {label: value, …}}. */
    private static HostSelector hosts(ConfigNode node) {
        String form = "any, all, a list of host names or a mapping of labels (role: replica)";
        if (node.isSequence()) {
            List<String> names = new ArrayList<>();
            for (ConfigNode item : node.items()) {
                String name = item.text().strip();
                HostIdentity.nameProblem(name)
                        .ifPresent(
                                p -> {
                                    throw item.error("'" + name + "': " + p);
                                });
                names.add(name);
            }
            if (names.isEmpty()) {
                throw node.error("an empty list chooses no host; " + form);
            }
            return new HostSelector(HostSelector.Kind.NAMES, names, Map.of());
        }
        if (node.isMapping()) {
            List<String> entries = new ArrayList<>();
            node.entries().forEach((key, value) -> entries.add(key + "=" + value.text().strip()));
            if (entries.isEmpty()) {
                throw node.error("an empty mapping chooses every host: write all; " + form);
            }
            Map<String, String> labels =
                    HostIdentity.labels(
                            entries, p -> node.error("'" + p.entry() + "': " + p.reason()));
            return new HostSelector(HostSelector.Kind.LABELS, List.of(), labels);
        }
        return switch (node.text().strip()) {
            case "any" -> HostSelector.ANY;
            case "all" -> HostSelector.ALL;
            default -> throw node.error("'" + node.text() + "': " + form);
        };
    }

    /** The schedule's own value, else the defaults', else {@code fallback}. */
    private static <T> T setting(
            ConfigNode node,
            ConfigNode defaults,
            String key,
            Function<ConfigNode, T> type,
            T fallback) {
        ConfigNode own = node.get(key);
        if (own != null) {
            return type.apply(own);
        }
        ConfigNode common = defaults == null ? null : defaults.get(key);
        return common == null ? fallback : type.apply(common);
    }

    private static ZoneId zone(ConfigNode node) {
        try {
            return ZoneId.of(node.text().strip());
        } catch (DateTimeException e) {
            throw node.error(
                    "'" + node.text() + "' is not a time zone (e.g. UTC, Europe/Copenhagen)");
        }
    }

    private static String enumText(String value) {
        return value.toUpperCase(Locale.ROOT).replace('-', '_');
    }

    private static Schedule.Notify notify(ConfigNode node) {
        if (!node.isMapping()) {
            throw node.error(
                    "a mapping: command (a list: program and arguments), shell, on (regression or always)");
        }
        ConfigNode commandNode = node.required("command");
        boolean shell = node.value("shell", Values.BOOLEAN, false);
        List<String> command = new ArrayList<>();
        if (commandNode.isSequence()) {
            commandNode.items().forEach(item -> command.add(item.text()));
        } else {
            command.add(commandNode.text());
        }
        if (command.isEmpty() || command.get(0).isBlank()) {
            throw commandNode.error("the command is empty");
        }
        if (shell && command.size() != 1) {
            throw commandNode.error("with shell: true the command is one string for sh -c");
        }
        String on = node.value("on", Values.oneOf(List.of("regression", "always")), "regression");
        node.finish("notify");
        return new Schedule.Notify(List.copyOf(command), shell, on.equals("always"));
    }

    /** {@code overrides: {repetitions: 1, factors.threads: [1, 2]}}, as {@code --override}s. */
    private static Map<String, String> overrides(ConfigNode node) {
        Map<String, String> overrides = new LinkedHashMap<>();
        if (node == null) {
            return overrides;
        }
        if (!node.isMapping()) {
            throw node.error("a mapping of key: value, as --override key=value");
        }
        node.entries()
                .forEach(
                        (key, value) ->
                                overrides.put(
                                        key,
                                        value.isSequence()
                                                ? value.items().stream()
                                                        .map(ConfigNode::text)
                                                        .toList()
                                                        .toString()
                                                : value.text()));
        return overrides;
    }
}
