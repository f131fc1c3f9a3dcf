package storagebench.workload.oltp;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.workload.StopSignal;

/**
 * One virtual user: a thread on a connection of its own that deals its deck, waits the pacing, and runs
 * each transaction to its commit, retrying it with the same inputs after a serialization failure, a
 * deadlock or a lock timeout. Latency runs from the first attempt's start to the commit or rollback. A
 * lost connection stops the run with the server's message; any other error is counted and the user goes
 * on with its next transaction.
 */
final class VirtualUser implements Runnable {
    private static final Logger log = LoggerFactory.getLogger(VirtualUser.class);

    private final int index;
    private final Statements statements;
    private final List<Program> programs;
    private final List<TransactionType> types;
    private final Deck deck;
    private final Pacing pacing;
    private final TxRecorders recorders;
    private final Retryable retryable;
    private final StopSignal signal;
    private boolean errorLogged;

    VirtualUser(
            int index,
            Statements statements,
            List<Program> programs,
            List<TransactionType> types,
            Deck deck,
            Pacing pacing,
            TxRecorders recorders,
            Retryable retryable,
            StopSignal signal) {
        this.index = index;
        this.statements = statements;
        this.programs = programs;
        this.types = types;
        this.deck = deck;
        this.pacing = pacing;
        this.recorders = recorders;
        this.retryable = retryable;
        this.signal = signal;
    }

    @Override
    public void run() {
        try {
            while (!signal.stopped()) {
                int type = deck.next();
                if (!pacing.keying(type)) {
                    return;
                }
                Program.Attempt attempt = programs.get(type).draw();
                long start = System.nanoTime();
                Boolean committed = execute(type, attempt);
                long micros = (System.nanoTime() - start) / 1_000;
                if (committed == null) {
                    recorders.error(type);
                } else if (committed) {
                    recorders.committed(type, micros);
                } else {
                    recorders.rolledBack(type, micros);
                }
                if (!pacing.thinking(type)) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SQLException | RuntimeException e) {
            signal.fail(e);
        }
    }

    /** True committed, false rolled back by the mix, null failed; throws when the connection is lost. */
    private Boolean execute(int type, Program.Attempt attempt) throws SQLException {
        Connection c = statements.connection();
        while (true) {
            try {
                boolean commit = attempt.run();
                if (commit) {
                    c.commit();
                } else {
                    c.rollback();
                }
                return commit;
            } catch (SQLException e) {
                rollback(c);
                if (lost(c, e)) {
                    throw e;
                }
                if (retryable.test(e) && !signal.stopped()) {
                    recorders.retry(type);
                    continue;
                }
                if (!retryable.test(e)) {
                    logOnce(type, e);
                }
                return null;
            }
        }
    }

    private static void rollback(Connection c) {
        try {
            c.rollback();
        } catch (SQLException e) {
            // the connection is checked next; a rollback that fails on a lost connection says
            // nothing more
        }
    }

    /** Whether the connection is gone: a connection error, or one that no longer answers. */
    static boolean lost(Connection c, SQLException e) {
        String state = e.getSQLState();
        if (state != null && state.startsWith("08")) {
            return true;
        }
        try {
            return c.isClosed() || !c.isValid(5);
        } catch (SQLException check) {
            return true;
        }
    }

    private void logOnce(int type, SQLException e) {
        if (!errorLogged) {
            errorLogged = true;
            log.warn(
                    "virtual user {}: {} failed ({}): {}; counted as an error, further ones only counted",
                    index + 1,
                    types.get(type).name(),
                    e.getSQLState(),
                    e.getMessage());
        }
    }
}
