package storagebench.dbms.postgres;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import storagebench.BadInputException;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.TargetUnavailableException;

/** Checks, before a run, that the target's PostgreSQL role may do what a workload does. */
public final class PostgresRole {
    private PostgresRole() {}

    /**
     * @param workload the workload, for the message
     * @param why what it does that needs a superuser, e.g. "CREATE TABLESPACE"
     * @throws BadInputException naming the user and what is missing when the role is not a superuser
     */
    public static void requireSuperuser(DatabaseTarget target, String workload, String why) {
        require(
                target,
                workload,
                "superuser",
                workload
                        + " on postgres needs a superuser ("
                        + why
                        + "): user '"
                        + target.user()
                        + "' is not one; use a test server's superuser (the .ci/db-servers.sh role is one) "
                        + "or ALTER ROLE … SUPERUSER");
    }

    /** As {@link #requireSuperuser}, for a workload that creates databases: CREATEDB is enough. */
    public static void requireCreatedb(DatabaseTarget target, String workload) {
        require(
                target,
                workload,
                "may-create-databases",
                workload
                        + " on postgres needs a role that may create "
                        + "databases: user '"
                        + target.user()
                        + "' has neither CREATEDB nor SUPERUSER (ALTER ROLE … CREATEDB)");
    }

    /** Refuses with {@code refusal} unless the statement of targets/admin answers true for the role. */
    private static void require(
            DatabaseTarget target, String workload, String statement, String refusal) {
        try (Connection c = target.connect();
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery(target.dialect().script("targets/admin").sql(statement))) {
            if (!rs.next() || !rs.getBoolean(1)) {
                throw new BadInputException(refusal);
            }
        } catch (SQLException e) {
            throw new TargetUnavailableException(
                    workload
                            + ": cannot check the role of user '"
                            + target.user()
                            + "' on "
                            + target.location()
                            + ": "
                            + e.getMessage());
        }
    }
}
