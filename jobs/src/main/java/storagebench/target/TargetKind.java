package storagebench.target;

import java.nio.file.Path;
import storagebench.experiment.ConfigNode;

/** The kinds of target, as written under {@code target: kind:}. */
public enum TargetKind {
    LOCAL("local") {
        @Override
        public Target read(ConfigNode node, Path dataDir) {
            return LocalTarget.read(node, dataDir);
        }
    };

    private final String yamlName;

    TargetKind(String yamlName) {
        this.yamlName = yamlName;
    }

    public String yamlName() {
        return yamlName;
    }

    /** Reads this kind's keys from the {@code target:} mapping (kind already read). */
    public abstract Target read(ConfigNode node, Path dataDir);

    public static TargetKind of(ConfigNode node) {
        String text = node.text().strip();
        for (TargetKind kind : values()) {
            if (kind.yamlName.equals(text)) {
                return kind;
            }
        }
        throw node.error("unknown target kind '" + text + "'; this version has: local");
    }
}
