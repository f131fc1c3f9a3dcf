package storagebench.workload.oltp;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import storagebench.dbms.SqlScript;

/**
 * The mix's consistency conditions after a trial (TPC-C's 1 to 4, TPC-B's balances), each a count of
 * the warehouses or districts that break it: recorded as metrics, and a trial with any broken condition
 * fails, naming them.
 */
final class Consistency {
    private Consistency() {}

    static Map<String, Double> check(OltpDatabase database, SqlScript sql, Mix mix)
            throws SQLException {
        Map<String, Double> metrics = new LinkedHashMap<>();
        List<String> broken = new ArrayList<>();
        try (Connection c = database.connect();
                Statement s = c.createStatement()) {
            for (Map.Entry<String, String> check : mix.checks().entrySet()) {
                try (ResultSet rs = s.executeQuery(sql.sql(check.getValue()))) {
                    rs.next();
                    long violations = rs.getLong(1);
                    metrics.put(check.getKey(), (double) violations);
                    if (violations > 0) {
                        broken.add(check.getValue() + " (" + violations + ")");
                    }
                }
            }
        }
        if (!broken.isEmpty()) {
            throw new IllegalStateException(
                    mix.name()
                            + " consistency broken after the trial: "
                            + String.join(", ", broken)
                            + " — see the statements of that name in "
                            + mix.folder());
        }
        return metrics;
    }
}
