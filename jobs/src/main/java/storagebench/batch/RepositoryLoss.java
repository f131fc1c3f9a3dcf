package storagebench.batch;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Set;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * Whether a job failed because its job repository's connection was lost: the embedded repository of a
 * data directory is served by whichever command opened it first, and when that command ends while
 * another runs, the other's connections break until one of its own takes the database over. Such a job
 * can be continued where it was (its trials are in the topic), which is what a user's {@code --restart}
 * would do. Only the repository's own failures count: the pool's ({@link SQLTransientConnectionException}),
 * Spring's transaction that could not begin, H2's connection codes; a target's connection errors are
 * its trial's.
 */
public final class RepositoryLoss {
    /** H2's connection broken, database in use while handed over, database closed (twice). */
    private static final Set<Integer> H2_CODES = Set.of(90067, 90020, 90098, 90121);

    private RepositoryLoss() {}

    public static boolean is(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof CannotCreateTransactionException
                    || t instanceof SQLTransientConnectionException) {
                return true;
            }
            if (t instanceof SQLException sql
                    && H2_CODES.contains(sql.getErrorCode())
                    && t.getClass().getName().startsWith("org.h2.")) {
                return true;
            }
        }
        return false;
    }
}
