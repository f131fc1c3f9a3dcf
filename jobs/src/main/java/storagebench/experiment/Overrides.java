package storagebench.experiment;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import storagebench.config.ConfigException;
import storagebench.config.InputLimits;
import storagebench.config.Secrets;

/**
 * {@code --override key.path=value} on the command line: sets a value of the experiment YAML before
 * it is checked, e.g. {@code repetitions=1}, {@code workload.rows=500} or
 * {@code factors.threads=[1, 2]} (the value is read as YAML). Everything is checked as if written in
 * the file; the run keeps the overrides beside its config so a restart applies them again.
 */
public final class Overrides {
    private Overrides() {}

    /**
     * Sets each override's value in the tree.
     *
     * @return every node an override made, by identity, with the name errors about it give:
     *     {@code --override key=value} (a secret's value shown as ***)
     */
    static Map<Node, String> apply(String file, Node root, Map<String, String> overrides) {
        Map<Node, String> origins = new IdentityHashMap<>();
        for (Map.Entry<String, String> entry : overrides.entrySet()) {
            String label = label(entry);
            String[] path = entry.getKey().split("\\.");
            Node node = root;
            for (int i = 0; i < path.length; i++) {
                if (!(node instanceof MappingNode mapping)) {
                    throw new ConfigException(
                            label,
                            0,
                            entry.getKey(),
                            "'"
                                    + String.join(".", Arrays.copyOf(path, i))
                                    + "' in "
                                    + file
                                    + " is not a mapping");
                }
                node =
                        i == path.length - 1
                                ? set(mapping, path[i], value(entry, label))
                                : child(mapping, path[i], label, origins);
            }
            mark(node, label, origins);
        }
        return origins;
    }

    /** How an override is named in messages: its key and value, a secret's value as ***. */
    private static String label(Map.Entry<String, String> entry) {
        String value =
                Secrets.isSecretName(entry.getKey().substring(entry.getKey().lastIndexOf('.') + 1))
                        ? "***"
                        : Secrets.redactText(entry.getValue());
        return "--override " + entry.getKey() + "=" + value;
    }

    private static void mark(Node node, String label, Map<Node, String> origins) {
        origins.put(node, label);
        if (node instanceof MappingNode mapping) {
            mapping.getValue().forEach(t -> mark(t.getValueNode(), label, origins));
        } else if (node instanceof SequenceNode sequence) {
            sequence.getValue().forEach(n -> mark(n, label, origins));
        }
    }

    private static final String PREFIX = "# --override ";

    /** The overrides recorded at the end of a stored config (by {@link #describe}), in order. */
    public static Map<String, String> recorded(String text) {
        Map<String, String> found = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            if (line.startsWith(PREFIX) && line.indexOf('=') > PREFIX.length()) {
                String pair = line.substring(PREFIX.length());
                found.put(
                        pair.substring(0, pair.indexOf('=')),
                        pair.substring(pair.indexOf('=') + 1));
            }
        }
        return found;
    }

    /** The stored config without its recorded overrides: the text as the user wrote it. */
    public static String withoutRecorded(String text) {
        StringBuilder kept = new StringBuilder();
        for (String line : text.split("(?<=\n)")) {
            if (!line.startsWith(PREFIX)) {
                kept.append(line);
            }
        }
        return kept.toString();
    }

    /** The text appended to the stored config so the published config says what was run. */
    public static String describe(Map<String, String> overrides) {
        StringBuilder text = new StringBuilder();
        overrides.forEach(
                (k, v) -> text.append(PREFIX).append(k).append('=').append(v).append('\n'));
        return text.toString();
    }

    private static Node value(Map.Entry<String, String> entry, String label) {
        try {
            Node value = new Yaml(InputLimits.yaml()).compose(new StringReader(entry.getValue()));
            return value != null
                    ? value
                    : new ScalarNode(Tag.STR, "", null, null, DumperOptions.ScalarStyle.PLAIN);
        } catch (RuntimeException e) {
            throw new ConfigException(label, 0, entry.getKey(), "not a YAML value");
        }
    }

    private static Node child(
            MappingNode mapping, String key, String label, Map<Node, String> origins) {
        int at = indexOf(mapping.getValue(), key);
        if (at >= 0) {
            return mapping.getValue().get(at).getValueNode();
        }
        MappingNode empty =
                new MappingNode(Tag.MAP, new ArrayList<>(), DumperOptions.FlowStyle.BLOCK);
        set(mapping, key, empty);
        origins.put(empty, label);
        return empty;
    }

    /**
     * Sets {@code key} to {@code value}: in its place where the mapping has it (the order of the
     * factors is the order of each variant's label, which a run must not change by overriding one),
     * else last.
     */
    private static Node set(MappingNode mapping, String key, Node value) {
        List<NodeTuple> tuples = new ArrayList<>(mapping.getValue());
        ScalarNode keyNode =
                new ScalarNode(Tag.STR, key, null, null, DumperOptions.ScalarStyle.PLAIN);
        NodeTuple tuple = new NodeTuple(keyNode, value);
        int at = indexOf(tuples, key);
        if (at < 0) {
            tuples.add(tuple);
        } else {
            tuples.set(at, tuple);
        }
        mapping.setValue(tuples);
        return value;
    }

    /** Where {@code key} stands among a mapping's tuples, or -1. */
    private static int indexOf(List<NodeTuple> tuples, String key) {
        for (int i = 0; i < tuples.size(); i++) {
            if (tuples.get(i).getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) {
                return i;
            }
        }
        return -1;
    }
}
