package storagebench.workload.filegroup;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

/** The storage of one trial on a database target: the filegroup's stand-in and its table. */
interface TrialStorage {

    /**
     * Removes what an interrupted trial with the same names left (so a restarted run starts clean),
     * creates the storage and the table, and returns the connection the inserts use.
     */
    Connection create() throws SQLException;

    /** The value of the CHAR(8000) column: the seed's, padded by the column, unless the product compresses it. */
    default String text() {
        return DatabaseInsertTrial.TEXT;
    }

    /** A regular expression matching the names of the trial's relations (table or partitions). */
    String relations();

    /**
     * Ends the timed inserts on the insert connection: whatever the product needs to have every row in
     * its file (H2: a checkpoint; PostgreSQL: nothing, each commit forced the WAL), then what the server
     * reports (sizes, log bytes).
     */
    Map<String, Double> finish(Connection c) throws SQLException;

    /**
     * What the server reports once the timed inserts are over, outside their timed span (the pages each
     * file uses, on SQL Server and Firebird); nothing by default.
     */
    default Map<String, Double> report(Connection c) throws SQLException {
        return Map.of();
    }

    /** Drops everything {@link #create()} made; safe to call when it made nothing. */
    void drop() throws SQLException;

    /** What {@link #create()} does on the insert connection. */
    @FunctionalInterface
    interface Setup {
        void run(Connection c) throws SQLException;
    }

    /** {@code c} once {@code setup} has run on it; closed when setup fails, and the failure thrown on. */
    static Connection setUp(Connection c, Setup setup) throws SQLException {
        try {
            setup.run(c);
            return c;
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }
}
