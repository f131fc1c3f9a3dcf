package storagebench.experiment;

import org.yaml.snakeyaml.nodes.ScalarNode;

/** The {@code description:} of an experiment as a run recorded its config: the question it asks. */
public final class DeclaredDescription {
    private DeclaredDescription() {}

    /** The description, stripped, or empty when the text has none or is not a config. */
    public static String of(String configText) {
        return DeclaredBaseline.top(configText, "description") instanceof ScalarNode text
                ? text.getValue().strip()
                : "";
    }
}
