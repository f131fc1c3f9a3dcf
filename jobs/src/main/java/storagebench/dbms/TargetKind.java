package storagebench.dbms;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import storagebench.Services;
import storagebench.config.ConfigNode;

/**
 * The registry of target kinds, as written under {@code target: kind:}: one constant per kind. The
 * {@link Kind} behind each lives in a package of its own and is found through {@link java.util.ServiceLoader}
 * (a line in {@code META-INF/services/storagebench.dbms.Kind}), so this package imports none of them
 * and none imports it back in a cycle (adding a database: docs/code-map.md).
 */
public enum TargetKind {
    LOCAL("local"),
    H2("h2"),
    POSTGRES("postgres"),
    SQLSERVER("sqlserver"),
    FIREBIRD("firebird");

    private final String yamlName;

    TargetKind(String yamlName) {
        this.yamlName = yamlName;
    }

    /** Each constant's implementation, loaded once on first use. */
    private static final class Implementations {
        static final Map<TargetKind, Kind> BY_KIND = Services.byKey(Kind.class, Kind::kind);
    }

    private Kind kind() {
        Kind kind = Implementations.BY_KIND.get(this);
        if (kind == null) {
            throw new IllegalStateException(
                    "no implementation of target kind "
                            + yamlName
                            + " in META-INF/services/"
                            + Kind.class.getName());
        }
        return kind;
    }

    public String yamlName() {
        return yamlName;
    }

    /** Reads this kind's keys from the {@code target:} mapping (kind already read). */
    public Target read(ConfigNode node, Path dataDir) {
        return kind().read(node, dataDir);
    }

    /** Whether this kind is a database server (all but local). */
    public boolean isDatabase() {
        return kind() instanceof DatabaseKind;
    }

    /**
     * What this database kind knows: dialect, probe facts, IO counters, tool environment, admin checks.
     *
     * @throws IllegalStateException for local, which is no database
     */
    public DatabaseKind database() {
        if (kind() instanceof DatabaseKind database) {
            return database;
        }
        throw new IllegalStateException(yamlName + " is not a database target");
    }

    /** {@link #database()}'s dialect. */
    public SqlDialect dialect() {
        return database().dialect();
    }

    public static TargetKind of(ConfigNode node) {
        try {
            return of(node.text());
        } catch (IllegalArgumentException e) {
            throw node.error(e.getMessage());
        }
    }

    /**
     * The kind named {@code text}, as written in YAML.
     *
     * @throws IllegalArgumentException naming the kinds there are
     */
    public static TargetKind of(String text) {
        for (TargetKind kind : values()) {
            if (kind.yamlName.equals(text.strip())) {
                return kind;
            }
        }
        throw new IllegalArgumentException(
                "unknown target kind '"
                        + text.strip()
                        + "'; this version has: "
                        + String.join(
                                ", ", Arrays.stream(values()).map(TargetKind::yamlName).toList()));
    }
}
