package storagebench.dbms.postgres;

import java.nio.file.Path;
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
 * PostgreSQL over JDBC; {@code tablespace-root} is where workloads make their tablespaces. Its tools get
 * libpq's variables (PGHOST, PGPORT, PGDATABASE, PGUSER, PGCONNECT_TIMEOUT, PGPASSWORD).
 */
public final class PostgresKind implements DatabaseKind {

    @Override
    public TargetKind kind() {
        return TargetKind.POSTGRES;
    }

    private static final SqlDialect DIALECT =
            new SqlDialect(
                    "postgresql",
                    "\"",
                    "\"",
                    63,
                    Map.of(
                            "connectTimeout", SqlDialect.TIMEOUT_SECONDS,
                            "loginTimeout", SqlDialect.TIMEOUT_SECONDS,
                            "ApplicationName", "storagebench"));

    @Override
    public SqlDialect dialect() {
        return DIALECT;
    }

    @Override
    public Target read(ConfigNode node, Path dataDir) {
        return DatabaseTarget.read(
                node, TargetKind.POSTGRES, "jdbc:postgresql:", null, "", "tablespace-root");
    }

    /** {@link ServerDatabases}: the databases workloads make on the target's server. */
    @Override
    public <C> Optional<C> capability(DatabaseTarget target, Class<C> capability) {
        return capability == ServerDatabases.class
                ? Optional.of(capability.cast(new PgDatabases(target)))
                : Optional.empty();
    }

    @Override
    public Map<String, String> toolEnvironment(DatabaseTarget target) {
        PgDatabases databases = new PgDatabases(target);
        return databases.toolEnvironment(databases.own());
    }

    /** A superuser: tablespaces (CREATE TABLESPACE) and server settings (ALTER SYSTEM) need one. */
    @Override
    public void requireAdminRights(DatabaseTarget target, String workload, String why) {
        PostgresRole.requireSuperuser(target, workload, why);
    }

    /** CREATEDB (or a superuser). */
    @Override
    public void requireDatabaseRights(DatabaseTarget target, String workload) {
        PostgresRole.requireCreatedb(target, workload);
    }
}
