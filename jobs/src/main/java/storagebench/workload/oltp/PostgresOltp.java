package storagebench.workload.oltp;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.ServerDatabases;
import storagebench.dbms.SqlScript;
import storagebench.workload.Params;

/**
 * oltp on PostgreSQL: a database of its own on the target's server ({@code CREATE DATABASE}, so the role
 * needs CREATEDB), its url the target's with the database replaced and batched inserts rewritten into
 * multi-row ones for the load. The IO sampler reads the database, the WAL, the buffers written and each of
 * the mix's tables. Serialization failures (40001) and deadlocks (40P01) are retried.
 */
final class PostgresOltp implements OltpKind {

    @Override
    public void preflight(DatabaseTarget target, List<Params> variants, String workload) {
        target.kind().database().requireDatabaseRights(target, workload);
        ConnectionLimit.check(target, variants);
    }

    @Override
    public OltpDatabase database(DatabaseTarget target, String name, Params params) {
        return new PgDatabase(target, name);
    }

    private record PgDatabase(DatabaseTarget target, String name) implements OltpDatabase {

        @Override
        public String url() {
            return ServerDatabases.of(target, "oltp").url(name, "reWriteBatchedInserts=true");
        }

        @Override
        public void create() throws SQLException {
            drop();
            admin("create-database");
        }

        @Override
        public void drop() throws SQLException {
            ServerDatabases.of(target, "oltp").dropIfExists(name);
        }

        /** Runs statements on the target's own database, where the workload's is made and dropped. */
        private void admin(String... statements) throws SQLException {
            SqlScript sql = target.dialect().script(DatabaseOltp.FOLDER);
            Map<String, String> names = Map.of("database", target.dialect().identifier(name));
            try (Connection c = target.connect();
                    Statement s = c.createStatement()) {
                c.setAutoCommit(true);
                for (String statement : statements) {
                    s.execute(sql.sql(statement, names));
                }
            }
        }

        @Override
        public String samplerParameter(Mix mix) {
            return "^(" + String.join("|", mix.tables()) + ")$";
        }
    }
}
