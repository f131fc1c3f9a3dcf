package storagebench.workload.dbfiles;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import storagebench.dbms.DatabaseTarget;

/** Runs planned T-SQL statements in order, each read to its end (BACKUP and RESTORE report as they go). */
public final class Tsql {
    private Tsql() {}

    public static void run(Connection c, List<String> statements) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
                while (s.getMoreResults() || s.getUpdateCount() != -1) {
                    // the next result of the same statement
                }
            }
        }
    }

    /** On a fresh autocommit connection: clean-up, after the trial's own connection is closed. */
    public static void run(DatabaseTarget target, List<String> statements) throws SQLException {
        try (Connection c = target.connect()) {
            c.setAutoCommit(true);
            run(c, statements);
        }
    }
}
