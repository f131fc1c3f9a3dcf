package storagebench.workload.oltp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.ServerDatabases;
import storagebench.workload.Params;

/**
 * oltp on Firebird: a database file of its own, {@code <database-root>/<database>.fdb}, made with
 * Jaybird (8 KiB pages) and dropped with its manager. Firebird 3 answers a row another transaction changed
 * and committed with an update conflict (class 40, or its codes below): retried, as are deadlocks and lock
 * timeouts.
 */
final class FirebirdOltp implements OltpKind {
    static final int PAGE_SIZE = 8192;

    /**
     * isc_deadlock, isc_update_conflict, isc_lock_conflict, isc_lock_timeout, and "cannot update erased
     * record" (two deliveries deleting the same new-order: the second after the first committed).
     */
    private static final Set<Integer> CONFLICTS =
            Set.of(335544336, 335544451, 335544345, 335544510, 335544382);

    @Override
    public void preflight(DatabaseTarget target, List<Params> variants, String workload) {
        target.kind().database().requireDatabaseRights(target, workload);
    }

    @Override
    public OltpDatabase database(DatabaseTarget target, String name, Params params) {
        return new FbDatabase(target, ServerDatabases.of(target, "oltp"), name);
    }

    /** Rows in EXECUTE BLOCKs of many rows: a JDBC batch is a round trip per row on Firebird 3. */
    @Override
    public Statements.Batches batches() {
        return BlockBatch::new;
    }

    @Override
    public Retryable retryable() {
        return new Retryable(Set.of(), CONFLICTS);
    }

    private record FbDatabase(DatabaseTarget target, ServerDatabases server, String name)
            implements OltpDatabase {

        private Path file() {
            return target.storageRoot().resolve(name + ".fdb");
        }

        @Override
        public String url() {
            return server.url(file().toString(), "");
        }

        @Override
        public void create() throws SQLException {
            drop();
            try (Connection c =
                    target.connect(
                            server.url(
                                    file().toString(),
                                    "createDatabaseIfNotExist=true&page_size=" + PAGE_SIZE))) {
                c.setAutoCommit(true);
            }
        }

        @Override
        public void drop() throws SQLException {
            server.dropIfExists(file().toString());
            try {
                Files.deleteIfExists(file());
            } catch (IOException e) {
                throw new SQLException("cannot remove " + file() + ": " + e.getMessage(), e);
            }
        }

        @Override
        public String samplerParameter(Mix mix) {
            return name;
        }
    }
}
