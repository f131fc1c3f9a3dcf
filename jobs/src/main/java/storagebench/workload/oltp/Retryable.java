package storagebench.workload.oltp;

import java.sql.SQLException;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Whether a failed attempt is worth running again with the same inputs: a serialization failure, a
 * deadlock or a lock timeout, by SQLState (class 40, transaction rollback, on every product) and the
 * vendor codes a product gives instead. The whole chain of exceptions is looked at.
 */
final class Retryable implements Predicate<SQLException> {
    private final Set<String> states;
    private final Set<Integer> codes;

    /**
     * @param states SQLStates besides class 40 (H2's lock timeout HYT00, …)
     * @param codes vendor error codes (SQL Server's 1205 deadlock victim, 1222 lock timeout, …)
     */
    Retryable(Set<String> states, Set<Integer> codes) {
        this.states = Set.copyOf(states);
        this.codes = Set.copyOf(codes);
    }

    static Retryable standard() {
        return new Retryable(Set.of(), Set.of());
    }

    @Override
    public boolean test(SQLException e) {
        for (Throwable t = e; t != null; t = next(t)) {
            if (t instanceof SQLException sql) {
                String state = sql.getSQLState();
                if (state != null && (state.startsWith("40") || states.contains(state))) {
                    return true;
                }
                if (codes.contains(sql.getErrorCode())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static Throwable next(Throwable t) {
        if (t instanceof SQLException sql && sql.getNextException() != null) {
            return sql.getNextException();
        }
        return t.getCause() == t ? null : t.getCause();
    }
}
