package storagebench.dbms.firebird;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Map;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.ServerDatabases;

/**
 * The databases of a Firebird target's server, named by their primary file's path on the server: JDBC
 * urls, gbak's {@code host/port:path}, ISC_USER and ISC_PASSWORD, a drop through Jaybird's manager.
 */
record FirebirdDatabases(DatabaseTarget target, FirebirdServer server) implements ServerDatabases {

    FirebirdDatabases(DatabaseTarget target) {
        this(target, FirebirdServer.parse(target.url()));
    }

    @Override
    public String own() {
        return server.database();
    }

    @Override
    public String url(String name, String properties) {
        return properties.isEmpty()
                ? server.url(Path.of(name))
                : server.url(Path.of(name), properties);
    }

    @Override
    public String toolName(String name) {
        return server.remote(Path.of(name));
    }

    @Override
    public Map<String, String> toolEnvironment(String name) {
        return FirebirdServer.toolEnvironment(target);
    }

    @Override
    public void dropIfExists(String name) throws SQLException {
        server.dropIfExists(target, Path.of(name));
    }
}
