package storagebench.experiment;

import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.Map;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import storagebench.config.InputLimits;

/**
 * The {@code baseline:} of an experiment as a run recorded its config, read without checking the rest
 * (the config was checked when it ran; its target may not be reachable where the report is made).
 */
public final class DeclaredBaseline {
    private DeclaredBaseline() {}

    /** The baseline's factor values, or empty when the text names none or is not a config. */
    public static Map<String, String> of(String configText) {
        Map<String, String> baseline = new LinkedHashMap<>();
        if (top(configText, "baseline") instanceof MappingNode values) {
            for (NodeTuple value : values.getValue()) {
                if (value.getKeyNode() instanceof ScalarNode factor
                        && value.getValueNode() instanceof ScalarNode level) {
                    baseline.put(factor.getValue(), level.getValue());
                }
            }
        }
        return baseline;
    }

    /** The value of a top-level key of a config's text, or null when it has none or is not a config. */
    static Node top(String configText, String name) {
        Node root;
        try {
            root = new Yaml(InputLimits.yaml()).compose(new StringReader(configText));
        } catch (RuntimeException e) {
            return null;
        }
        if (root instanceof MappingNode mapping) {
            for (NodeTuple entry : mapping.getValue()) {
                if (entry.getKeyNode() instanceof ScalarNode key && key.getValue().equals(name)) {
                    return entry.getValueNode();
                }
            }
        }
        return null;
    }
}
