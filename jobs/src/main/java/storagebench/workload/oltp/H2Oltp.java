package storagebench.workload.oltp;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.SqlScript;
import storagebench.workload.Params;

/**
 * oltp on H2: a database file of its own next to the target's, the url's path with {@code _<database>}
 * added (settings after the first ';' kept). Lock timeouts (HYT00) and concurrent updates (90131) are
 * retried besides class 40.
 */
final class H2Oltp implements OltpKind {

    @Override
    public OltpDatabase database(DatabaseTarget target, String name, Params params) {
        return new H2Database(target, name);
    }

    @Override
    public Retryable retryable() {
        return new Retryable(Set.of("HYT00", "90131"), Set.of());
    }

    /** {@code jdbc:h2:file:/x/base;K=V} → {@code jdbc:h2:file:/x/base_<name>;K=V}. */
    static String url(String targetUrl, String name) {
        int settings = targetUrl.indexOf(';');
        return settings < 0
                ? targetUrl + "_" + name
                : targetUrl.substring(0, settings) + "_" + name + targetUrl.substring(settings);
    }

    private record H2Database(DatabaseTarget target, String name) implements OltpDatabase {

        @Override
        public String url() {
            return H2Oltp.url(target.url(), name);
        }

        /** Opening a missing H2 database makes it: dropping every object leaves it empty. */
        @Override
        public void create() throws SQLException {
            drop();
        }

        @Override
        public void drop() throws SQLException {
            SqlScript sql = target.dialect().script(DatabaseOltp.FOLDER);
            try (Connection c = connect();
                    Statement s = c.createStatement()) {
                s.execute(sql.sql("drop-database"));
            }
        }

        @Override
        public String samplerParameter(Mix mix) {
            return name;
        }
    }
}
