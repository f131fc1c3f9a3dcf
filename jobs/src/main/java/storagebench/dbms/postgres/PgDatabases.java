package storagebench.dbms.postgres;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.ServerDatabases;

/**
 * The databases of a PostgreSQL target's server, named by their names: JDBC urls from the target's url,
 * libpq's environment for pg_dump and pg_restore, DROP DATABASE … WITH (FORCE) on the target's own
 * database.
 */
record PgDatabases(DatabaseTarget target, PgConnection server) implements ServerDatabases {

    PgDatabases(DatabaseTarget target) {
        this(target, PgConnection.of(target.url()));
    }

    @Override
    public String own() {
        return server.database();
    }

    @Override
    public String url(String name, String properties) {
        String url = server.url(name);
        return properties.isEmpty() ? url : url + (url.contains("?") ? "&" : "?") + properties;
    }

    /** libpq's tools take the database from PGDATABASE ({@link #toolEnvironment}): its name. */
    @Override
    public String toolName(String name) {
        return name;
    }

    @Override
    public Map<String, String> toolEnvironment(String name) {
        Map<String, String> env =
                new LinkedHashMap<>(
                        server.environment(
                                name, target.user(), target.connectTimeout().toSeconds()));
        target.passwordInto(env, "PGPASSWORD");
        return env;
    }

    @Override
    public void dropIfExists(String name) throws SQLException {
        try (Connection c = target.connect();
                Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            s.execute(
                    target.dialect()
                            .script("targets/admin")
                            .sql(
                                    "drop-database",
                                    Map.of("database", target.dialect().identifier(name))));
        }
    }
}
