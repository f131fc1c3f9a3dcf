package storagebench.dbms;

import java.nio.file.Path;
import storagebench.config.ConfigNode;
import storagebench.dbms.local.LocalTarget;
import storagebench.dbms.firebird.FirebirdServer;

/** The kinds of target, as written under {@code target: kind:}. */
public enum TargetKind {
    LOCAL("local") {
        @Override
        public Target read(ConfigNode node, Path dataDir) {
            return LocalTarget.read(node, dataDir);
        }
    },
    /** Embedded H2 (or an H2 server): url defaults to a database file under the data directory. */
    H2("h2") {
        @Override
        public Target read(ConfigNode node, Path dataDir) {
            String fallback = "jdbc:h2:file:" + dataDir.resolve("h2").resolve("storagebench").toAbsolutePath();
            DatabaseTarget target = DatabaseTarget.read(node, this, SqlDialect.H2, "jdbc:h2:", fallback, "sa");
            if (target.url().regionMatches(true, 0, "jdbc:h2:mem:", 0, "jdbc:h2:mem:".length())) {
                throw node.required("url").error("an in-memory H2 database has no storage to measure; use "
                        + "jdbc:h2:file:PATH");
            }
            return target;
        }
    },
    /** PostgreSQL over JDBC. */
    POSTGRES("postgres") {
        @Override
        public Target read(ConfigNode node, Path dataDir) {
            return DatabaseTarget.read(node, this, SqlDialect.POSTGRESQL, "jdbc:postgresql:", null, "");
        }
    },
    /** SQL Server over mssql-jdbc; {@code file-root} is where workloads put database files on the server's host. */
    SQLSERVER("sqlserver") {
        @Override
        public Target read(ConfigNode node, Path dataDir) {
            return DatabaseTarget.read(node, this, SqlDialect.SQLSERVER, "jdbc:sqlserver:", null, "");
        }
    },
    /** Firebird over Jaybird: {@code jdbc:firebird://host:port/database} (or {@code jdbc:firebirdsql:}). */
    FIREBIRD("firebird") {
        @Override
        public Target read(ConfigNode node, Path dataDir) {
            ConfigNode url = node.get("url");
            String prefix = url != null && url.text().strip().startsWith(FirebirdServer.OTHER_PREFIX)
                    ? FirebirdServer.OTHER_PREFIX : FirebirdServer.PREFIX;
            DatabaseTarget target = DatabaseTarget.read(node, this, SqlDialect.FIREBIRD, prefix, null, "SYSDBA");
            try {
                FirebirdServer.parse(target.url());
            } catch (IllegalArgumentException e) {
                throw url.error(e.getMessage());
            }
            return target;
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
        throw new IllegalArgumentException("unknown target kind '" + text.strip() + "'; this version has: "
                + String.join(", ", java.util.Arrays.stream(values()).map(TargetKind::yamlName).toList()));
    }
}
