package storagebench.dbms;

import java.nio.file.Path;
import java.util.Arrays;
import storagebench.config.ConfigNode;
import storagebench.dbms.firebird.FirebirdKind;
import storagebench.dbms.h2.H2Kind;
import storagebench.dbms.local.LocalKind;
import storagebench.dbms.postgres.PostgresKind;
import storagebench.dbms.sqlserver.SqlServerKind;

/**
 * The registry of target kinds, as written under {@code target: kind:}: one line per kind, naming the
 * {@link Kind} of its own package (adding a database: docs/code-map.md).
 */
public enum TargetKind {
    LOCAL("local", new LocalKind()),
    H2("h2", new H2Kind()),
    POSTGRES("postgres", new PostgresKind()),
    SQLSERVER("sqlserver", new SqlServerKind()),
    FIREBIRD("firebird", new FirebirdKind());

    private final String yamlName;

    private final Kind kind;

    TargetKind(String yamlName, Kind kind) {
        this.yamlName = yamlName;
        this.kind = kind;
    }

    public String yamlName() {
        return yamlName;
    }

    /** Reads this kind's keys from the {@code target:} mapping (kind already read). */
    public Target read(ConfigNode node, Path dataDir) {
        return kind.read(node, dataDir);
    }

    /** Whether this kind is a database server (all but local). */
    public boolean isDatabase() {
        return kind instanceof DatabaseKind;
    }

    /**
     * What this database kind knows: dialect, probe facts, IO counters, tool environment, admin checks.
     *
     * @throws IllegalStateException for local, which is no database
     */
    public DatabaseKind database() {
        if (kind instanceof DatabaseKind database) {
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
