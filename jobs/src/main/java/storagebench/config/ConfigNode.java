package storagebench.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * A YAML node that knows its file, line and key path, so every error can name them. Mappings
 * track which keys were read; {@link #finish()} refuses the ones nobody asked for.
 */
public final class ConfigNode {
    private final String file;
    private final String path;
    private final Node node;
    private final Map<String, ConfigNode> entries;
    private final Set<String> used = new LinkedHashSet<>();
    private final Map<Node, String> origins;
    private final boolean overridden;

    public ConfigNode(String file, String path, Node node) {
        this(file, path, node, Map.of());
    }

    /**
     * @param origins nodes that came from elsewhere than the file ({@code --override}), by identity, with
     *     the name errors give instead of the file's
     */
    public ConfigNode(String file, String path, Node node, Map<Node, String> origins) {
        String origin = origins.get(node);
        this.file = origin != null ? origin : file;
        this.overridden = origin != null;
        this.path = path;
        this.node = node;
        this.origins = origins;
        this.entries = node instanceof MappingNode mapping ? entries(mapping) : Map.of();
    }

    private Map<String, ConfigNode> entries(MappingNode mapping) {
        Map<String, ConfigNode> map = new LinkedHashMap<>();
        for (NodeTuple tuple : mapping.getValue()) {
            if (!(tuple.getKeyNode() instanceof ScalarNode key)) {
                throw new ConfigException(
                        file, line(tuple.getKeyNode()), path, "keys must be plain names");
            }
            String name = key.getValue();
            if (map.containsKey(name)) {
                throw new ConfigException(file, line(key), child(name), "duplicate key");
            }
            map.put(name, new ConfigNode(file, child(name), tuple.getValueNode(), origins));
        }
        return map;
    }

    private String child(String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    private static int line(Node node) {
        return node.getStartMark() == null ? 0 : node.getStartMark().getLine() + 1;
    }

    public String file() {
        return file;
    }

    public String path() {
        return path;
    }

    /** The node's line in its file; 0 for a value given by {@code --override}, which has none. */
    public int line() {
        return overridden ? 0 : line(node);
    }

    public ConfigException error(String reason) {
        return new ConfigException(file, line(), path, reason);
    }

    public boolean isMapping() {
        return node instanceof MappingNode;
    }

    public boolean isSequence() {
        return node instanceof SequenceNode;
    }

    public boolean isScalar() {
        return node instanceof ScalarNode;
    }

    /** The entries of a mapping, each marked as read. */
    public Map<String, ConfigNode> entries() {
        requireMapping();
        used.addAll(entries.keySet());
        return entries;
    }

    /** The keys of a mapping, none marked as read. */
    public Set<String> keys() {
        requireMapping();
        return entries.keySet();
    }

    public boolean has(String key) {
        requireMapping();
        return entries.containsKey(key);
    }

    /** A child of a mapping, or null when absent; marks it read. */
    public ConfigNode get(String key) {
        requireMapping();
        used.add(key);
        return entries.get(key);
    }

    public ConfigNode required(String key) {
        ConfigNode child = get(key);
        if (child == null) {
            throw new ConfigException(file, line(), child(key), "missing; it is required");
        }
        return child;
    }

    public <T> T value(String key, Function<ConfigNode, T> type, T fallback) {
        ConfigNode child = get(key);
        return child == null ? fallback : type.apply(child);
    }

    public List<ConfigNode> items() {
        if (!(node instanceof SequenceNode sequence)) {
            throw error("expected a list, e.g. [a, b]");
        }
        List<ConfigNode> items = new ArrayList<>();
        List<Node> values = sequence.getValue();
        for (int i = 0; i < values.size(); i++) {
            items.add(new ConfigNode(file, path + "[" + i + "]", values.get(i), origins));
        }
        return items;
    }

    /** The scalar's text. */
    public String text() {
        if (!(node instanceof ScalarNode scalar)) {
            throw error("expected a single value, not a " + (isMapping() ? "mapping" : "list"));
        }
        return scalar.getValue();
    }

    /** Refuses keys that were never read: they are typos or options this version does not have. */
    public void finish(String what) {
        for (Map.Entry<String, ConfigNode> entry : entries.entrySet()) {
            if (!used.contains(entry.getKey())) {
                ConfigNode unknown = entry.getValue();
                List<String> known = used.stream().sorted().toList();
                throw new ConfigException(
                        unknown.file,
                        unknown.line(),
                        unknown.path,
                        "unknown key in "
                                + what
                                + (known.isEmpty()
                                        ? ""
                                        : "; known keys: " + String.join(", ", known)));
            }
        }
    }

    private void requireMapping() {
        if (!(node instanceof MappingNode)) {
            throw error("expected a mapping of keys to values");
        }
    }
}
