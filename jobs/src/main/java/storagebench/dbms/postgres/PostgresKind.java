package storagebench.dbms.postgres;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import storagebench.config.ConfigNode;
import storagebench.dbms.DatabaseKind;
import storagebench.dbms.DatabaseTarget;
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

    @Override
    public Map<String, String> toolEnvironment(DatabaseTarget target) {
        PgConnection server = PgConnection.of(target.url());
        Map<String, String> env =
                new LinkedHashMap<>(
                        server.environment(
                                server.database(),
                                target.user(),
                                target.connectTimeout().toSeconds()));
        target.passwordInto(env, "PGPASSWORD");
        return env;
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
