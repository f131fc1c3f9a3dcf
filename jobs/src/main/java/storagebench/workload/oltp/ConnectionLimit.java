package storagebench.workload.oltp;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import storagebench.BadInputException;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.SqlScript;
import storagebench.dbms.TargetUnavailableException;
import storagebench.workload.Params;

/**
 * Refuses more virtual users than the server lets the target's role connect, naming the server's
 * setting: the product's {@code connection-limit} statement gives the setting, the connections it allows
 * and those other sessions hold. PostgreSQL is checked before the run; SQL Server, whose configs are
 * checked without a server, at each trial's set-up.
 */
final class ConnectionLimit {
    /** Connections besides the virtual users': the IO sampler's and one for set-up and checks. */
    static final int OTHER_CONNECTIONS = 2;

    private ConnectionLimit() {}

    /** Checks the variant with the most virtual users. */
    static void check(DatabaseTarget target, List<Params> variants) {
        check(
                target,
                variants.stream()
                        .mapToInt(p -> p.getInt(OltpParams.VIRTUAL_USERS))
                        .max()
                        .orElse(1));
    }

    static void check(DatabaseTarget target, int virtualUsers) {
        SqlScript sql = target.dialect().script(DatabaseOltp.FOLDER);
        if (!sql.has("connection-limit")) {
            return;
        }
        try (Connection c = target.connect();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql.sql("connection-limit"))) {
            rs.next();
            String setting = rs.getString(1);
            long limit = rs.getLong(2);
            long inUse = rs.getLong(3);
            long needed = (long) virtualUsers + OTHER_CONNECTIONS;
            if (needed > limit - inUse) {
                throw new BadInputException(
                        "oltp: virtual-users: "
                                + virtualUsers
                                + " virtual users need "
                                + needed
                                + " connections (one each, the IO sampler's and one for set-up), but the server's "
                                + setting
                                + " allows "
                                + limit
                                + " and other sessions hold "
                                + inUse
                                + "; lower virtual-users or raise "
                                + setting);
            }
        } catch (SQLException e) {
            throw new TargetUnavailableException(
                    "oltp: cannot read the connection limit of "
                            + target.location()
                            + ": "
                            + e.getMessage());
        }
    }
}
