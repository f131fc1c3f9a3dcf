package storagebench.serve;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Looks at the job repository every few seconds and says, once, when it is lost and when it is back:
 * while it is lost nothing fires (Quartz's store is there), and the service recovers by itself.
 */
final class RepositoryWatch {
    private static final Logger log = LoggerFactory.getLogger(RepositoryWatch.class);

    private final DataSource dataSource;
    private final String where;
    private boolean lost;

    RepositoryWatch(DataSource dataSource, String where) {
        this.dataSource = dataSource;
        this.where = where;
    }

    /** Whether the last look found the repository lost. */
    synchronized boolean lost() {
        return lost;
    }

    /** Whether the repository answers now; logs a change. */
    synchronized boolean check() {
        try (Connection c = dataSource.getConnection()) {
            if (!c.isValid(5)) {
                throw new SQLException("the connection is not valid");
            }
            if (lost) {
                log.info("the job repository {} is back: schedules fire again", where);
                lost = false;
            }
            return true;
        } catch (SQLException | RuntimeException e) {
            if (!lost) {
                log.warn(
                        "the job repository {} cannot be reached ({}): nothing fires until it is back",
                        where,
                        e.getMessage());
                lost = true;
            }
            return false;
        }
    }
}
