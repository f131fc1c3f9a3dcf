package storagebench.experiment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import storagebench.Sha256;
import storagebench.config.ConfigNode;
import storagebench.config.Secrets;
import storagebench.config.Values;
import storagebench.workload.Param;
import storagebench.workload.ParamType;
import storagebench.workload.Workload;

/**
 * What a run held fixed: its workload, the workload's parameters that are not factors (defaults filled
 * in, written one way: {@code 10s}, {@code 256 MiB}), and the target's settings as written (secrets
 * left out). Repetitions, warm-ups, ordering, the time limit and the baseline are not part of it: they
 * change how a run measures, not what. Runs of one experiment are pooled only when their fingerprints
 * are equal.
 *
 * @param values key to value, sorted by key: {@code workload}, each parameter by its name, {@code
 *     target.<key>} for the target's settings
 */
public record FixedConfiguration(SortedMap<String, String> values) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The key of the workload's name. */
    public static final String WORKLOAD = "workload";

    public FixedConfiguration {
        values = new TreeMap<>(values);
    }

    /** The first 16 hex digits of the SHA-256 of the values (as sorted JSON): equal values, equal prints. */
    public String fingerprint() {
        try {
            return Sha256.hex(JSON.writeValueAsString(values)).substring(0, 16);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** An experiment's fixed configuration, from its workload, fixed parameters and target node. */
    static FixedConfiguration of(
            Workload workload, Map<String, Object> fixed, Set<String> factors, ConfigNode target) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put(WORKLOAD, workload.name());
        for (Param param : workload.params()) {
            Object value = fixed.get(param.name());
            if (value != null && !factors.contains(param.name())) {
                values.put(param.name(), text(param.type(), value));
            }
        }
        flatten("target", target, values);
        return new FixedConfiguration(new TreeMap<>(values));
    }

    /** These values with every secret in them removed ({@link Secrets#redactText}). */
    FixedConfiguration redacted() {
        SortedMap<String, String> clean = new TreeMap<>();
        values.forEach((k, v) -> clean.put(k, Secrets.redactText(v)));
        return new FixedConfiguration(clean);
    }

    /** An import's: the format and the parser's options, which say how every record was read. */
    public static FixedConfiguration ofImport(String format, Map<String, String> options) {
        Map<String, String> values = new TreeMap<>();
        values.put("import.format", format);
        options.forEach((k, v) -> values.put("import." + k, v));
        return new FixedConfiguration(new TreeMap<>(values));
    }

    /**
     * The configuration of a run recorded before runs carried one, read again from the config text it
     * stored (overrides included); empty when that text is not an experiment this version can read
     * (then the run is a configuration of its own, named by the text's hash).
     */
    public static Optional<FixedConfiguration> ofStored(String configText) {
        try {
            Experiment experiment =
                    new ExperimentLoader(Path.of("."))
                            .parse(
                                    "stored config",
                                    Overrides.withoutRecorded(configText),
                                    Overrides.recorded(configText));
            return Optional.of(experiment.configuration());
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Per configuration, the keys in which it differs from the others, as {@code key=value} joined by
     * {@code ", "} ({@code rows=1000}); a key one configuration lacks shows as {@code key=-}. Empty
     * labels when there is only one.
     */
    public static Map<FixedConfiguration, String> labels(Collection<FixedConfiguration> all) {
        Set<String> keys = new TreeSet<>();
        all.forEach(c -> keys.addAll(c.values().keySet()));
        Set<String> differing = new TreeSet<>();
        for (String key : keys) {
            if (all.stream().map(c -> c.values().getOrDefault(key, "-")).distinct().count() > 1) {
                differing.add(key);
            }
        }
        Map<FixedConfiguration, String> labels = new LinkedHashMap<>();
        for (FixedConfiguration c : all) {
            List<String> parts =
                    differing.stream().map(k -> k + "=" + c.values().getOrDefault(k, "-")).toList();
            labels.put(c, String.join(", ", parts));
        }
        return labels;
    }

    private static void flatten(String path, ConfigNode node, Map<String, String> into) {
        if (node == null) {
            return;
        }
        if (node.isMapping()) {
            node.entries()
                    .forEach(
                            (key, child) -> {
                                if (!Secrets.isSecretName(key)) {
                                    flatten(path + "." + key, child, into);
                                }
                            });
        } else if (node.isSequence()) {
            List<ConfigNode> items = node.items();
            for (int i = 0; i < items.size(); i++) {
                flatten(path + "[" + i + "]", items.get(i), into);
            }
        } else {
            into.put(path, node.text().strip());
        }
    }

    /** A parameter's value written one way, whatever way the YAML wrote it. */
    static String text(ParamType type, Object value) {
        String written = String.valueOf(value).strip();
        if (type == ParamType.DURATION) {
            Duration d = value instanceof Duration given ? given : Values.parseDuration(written);
            return d == null ? written : duration(d);
        }
        if (type == ParamType.SIZE) {
            long bytes = value instanceof Long given ? given : Values.parseSize(written);
            return bytes < 0 ? written : size(bytes);
        }
        return written;
    }

    private static String duration(Duration d) {
        long nanos = d.toNanos();
        long[] units = {3_600_000_000_000L, 60_000_000_000L, 1_000_000_000L, 1_000_000L, 1L};
        String[] names = {"h", "m", "s", "ms", "ns"};
        for (int i = 0; i < units.length; i++) {
            if (nanos % units[i] == 0) {
                return nanos / units[i] + names[i];
            }
        }
        return nanos + "ns";
    }

    private static String size(long bytes) {
        String[] names = {"TiB", "GiB", "MiB", "KiB"};
        for (int i = 0; i < names.length; i++) {
            long unit = 1L << (10 * (4 - i));
            if (bytes != 0 && bytes % unit == 0) {
                return bytes / unit + " " + names[i];
            }
        }
        return bytes + " B";
    }
}
