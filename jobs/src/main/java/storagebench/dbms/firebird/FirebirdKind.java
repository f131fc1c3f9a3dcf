package storagebench.dbms.firebird;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.Map;
import java.util.Optional;
import storagebench.config.ConfigNode;
import storagebench.dbms.DatabaseKind;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.ServerDatabases;
import storagebench.dbms.SqlDialect;
import storagebench.dbms.Target;
import storagebench.dbms.TargetKind;

/**
 * Firebird over Jaybird: {@code jdbc:firebird://host:port/database} (or {@code jdbc:firebirdsql:});
 * {@code database-root} is where workloads make database files. Its tools get ISC_USER and ISC_PASSWORD.
 */
public final class FirebirdKind implements DatabaseKind {

    @Override
    public TargetKind kind() {
        return TargetKind.FIREBIRD;
    }

    /** Firebird 3: identifiers are at most 31 characters (Firebird 4 allows 63). */
    private static final SqlDialect DIALECT =
            new SqlDialect(
                    "firebird",
                    "\"",
                    "\"",
                    31,
                    Map.of(
                            "connectTimeout", SqlDialect.TIMEOUT_SECONDS,
                            "encoding", "UTF8",
                            "processName", "storagebench"));

    @Override
    public SqlDialect dialect() {
        return DIALECT;
    }

    @Override
    public Target read(ConfigNode node, Path dataDir) {
        ConfigNode url = node.get("url");
        String prefix =
                url != null && url.text().strip().startsWith(FirebirdServer.OTHER_PREFIX)
                        ? FirebirdServer.OTHER_PREFIX
                        : FirebirdServer.PREFIX;
        DatabaseTarget target =
                DatabaseTarget.read(
                        node, TargetKind.FIREBIRD, prefix, null, "SYSDBA", "database-root");
        try {
            FirebirdServer.parse(target.url());
        } catch (IllegalArgumentException e) {
            throw url.error(e.getMessage());
        }
        return target;
    }

    /** The server mode (SuperServer, Classic…), which SQL cannot read. */
    @Override
    public Map<String, String> facts(DatabaseTarget target, Connection connection) {
        return FirebirdServer.parse(target.url()).probe(target, connection);
    }

    /** {@link ServerDatabases}: the databases workloads make on the target's server. */
    @Override
    public <C> Optional<C> capability(DatabaseTarget target, Class<C> capability) {
        return capability == ServerDatabases.class
                ? Optional.of(capability.cast(new FirebirdDatabases(target)))
                : Optional.empty();
    }

    @Override
    public Map<String, String> toolEnvironment(DatabaseTarget target) {
        return FirebirdServer.toolEnvironment(target);
    }

    /** database-root: set, safe to write into SQL, and a directory on this host. */
    @Override
    public void requireAdminRights(DatabaseTarget target, String workload, String why) {
        FirebirdServer.checkDatabaseRoot(target, workload);
    }

    @Override
    public void requireDatabaseRights(DatabaseTarget target, String workload) {
        FirebirdServer.checkDatabaseRoot(target, workload);
    }
}
