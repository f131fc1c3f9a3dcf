package storagebench.workload.oltp;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import storagebench.dbms.SqlScript;
import storagebench.workload.StopSignal;

/**
 * The virtual users of one trial: connected and prepared at set-up (connecting is not what is measured),
 * started for the ramp-up, stopped after the measured step, joined, and disconnected at clean-up.
 */
final class VirtualUsers implements AutoCloseable {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** How long a user may take to finish its transaction in flight once told to stop. */
    static final Duration STOP_WAIT = Duration.ofSeconds(60);

    private final List<Statements> statements = new ArrayList<>();
    private final List<VirtualUser> users = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final StopSignal signal = new StopSignal();
    private final TxRecorders recorders;

    VirtualUsers(int types) {
        this.recorders = new TxRecorders(types);
    }

    TxRecorders recorders() {
        return recorders;
    }

    StopSignal signal() {
        return signal;
    }

    /**
     * Opens one connection per user (autocommit off, READ COMMITTED, the product's {@code session}
     * statement), prepares its statements and deals its deck; {@code seed} and the user's number decide
     * its inputs.
     */
    void connect(
            OltpDatabase database,
            SqlScript sql,
            SqlScript session,
            Mix mix,
            OltpSettings settings,
            Retryable retryable,
            long seed)
            throws SQLException {
        for (int i = 0; i < settings.virtualUsers(); i++) {
            Connection c = database.connect();
            try {
                if (session.has("session")) {
                    try (Statement s = c.createStatement()) {
                        s.execute(session.sql("session"));
                    }
                }
                c.setAutoCommit(false);
                c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            } catch (SQLException | RuntimeException e) {
                c.close();
                throw e;
            }
            Statements st = new Statements(c, sql);
            statements.add(st);
            SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + i);
            List<Program> programs = mix.programs(st, i, random.split());
            users.add(
                    new VirtualUser(
                            i,
                            st,
                            programs,
                            mix.types(),
                            new Deck(mix.types(), random.split()),
                            new Pacing(
                                    mix.types(), settings.keyingThinking(), random.split(), signal),
                            recorders,
                            retryable,
                            signal));
        }
    }

    void start() {
        for (int i = 0; i < users.size(); i++) {
            Thread t = new Thread(users.get(i), "oltp-vu-" + (i + 1));
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
    }

    /** CPU time of every user's thread so far, in ns (-1 where the JVM cannot tell). */
    long cpuNanos() {
        long sum = 0;
        for (Thread t : threads) {
            long cpu =
                    THREADS.isThreadCpuTimeSupported() ? THREADS.getThreadCpuTime(t.getId()) : -1;
            if (cpu < 0) {
                return -1;
            }
            sum += cpu;
        }
        return sum;
    }

    /**
     * Tells the users to stop after their transaction in flight and waits for them, at most {@code
     * STOP_WAIT}.
     *
     * @throws IllegalStateException naming a user that is still in a transaction by then (a server that
     *     stopped answering); clean-up aborts its connection
     */
    void stopAndJoin() throws InterruptedException {
        signal.stop();
        long deadline = System.nanoTime() + STOP_WAIT.toNanos();
        for (int i = 0; i < threads.size(); i++) {
            threads.get(i).join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            if (threads.get(i).isAlive()) {
                throw new IllegalStateException(
                        "virtual user "
                                + (i + 1)
                                + " is still in a transaction "
                                + STOP_WAIT.toSeconds()
                                + " s after the measured step ended");
            }
        }
        threads.clear();
    }

    /**
     * Stops the users, aborts the connections of those still in a transaction after {@code STOP_WAIT}
     * (a server that stopped answering must not hold clean-up), and closes every connection.
     */
    @Override
    public void close() {
        signal.stop();
        boolean interrupted = false;
        long deadline = System.nanoTime() + STOP_WAIT.toNanos();
        for (int i = 0; i < threads.size(); i++) {
            try {
                threads.get(i).join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            } catch (InterruptedException e) {
                interrupted = true;
            }
            if (threads.get(i).isAlive()) {
                abort(statements.get(i).connection());
            }
        }
        threads.clear();
        for (Statements st : statements) {
            st.close();
            try {
                st.connection().close();
            } catch (SQLException e) {
                // the connection is gone either way; clean-up goes on with what matters
            }
        }
        statements.clear();
        users.clear();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static void abort(Connection c) {
        try {
            c.abort(Runnable::run);
        } catch (SQLException | RuntimeException e) {
            // closing it next is all that is left to try
        }
    }
}
