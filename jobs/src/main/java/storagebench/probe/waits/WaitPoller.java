package storagebench.probe.waits;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import storagebench.dbms.SqlScript;
import storagebench.events.WaitSample;

/**
 * One phase's readings on one connection: the cumulative statistics at {@link #start} and {@link #stop},
 * the sessions' waits every interval in between on a thread of its own. The connection is used by one
 * thread at a time: the trial's until the poller starts, the poller's until it is joined.
 */
final class WaitPoller {
    private static final int QUERY_TIMEOUT_SECONDS = 10;
    private final Connection connection;
    private final SqlScript statements;
    private final Duration interval;
    private final String product;
    private final Map<WaitKey, Long> sessions = new HashMap<>();
    private Reading first;
    private Thread thread;
    private volatile boolean stopping;
    private volatile SQLException failure;

    WaitPoller(Connection connection, SqlScript statements, Duration interval, String product) {
        this.connection = connection;
        this.statements = statements;
        this.interval = interval;
        this.product = product;
    }

    Connection connection() {
        return connection;
    }

    /** Reads the statistics, then polls the sessions (where the product has them) until {@link #stop}. */
    void start(String name) throws SQLException {
        first = read();
        if (statements.has("sessions")) {
            PreparedStatement poll = prepare("sessions");
            thread = new Thread(() -> loop(poll), "wait-sampler-" + name);
            thread.setDaemon(true);
            thread.start();
        }
    }

    private void loop(PreparedStatement poll) {
        long next = System.nanoTime();
        try (poll) {
            while (!stopping) {
                try (ResultSet rs = poll.executeQuery()) {
                    while (rs.next()) {
                        sessions.merge(key(rs.getString(1), rs.getString(2)), 1L, Long::sum);
                    }
                }
                next += interval.toNanos();
                synchronized (this) {
                    long wait = next - System.nanoTime();
                    while (!stopping && wait > 0) {
                        wait(wait / 1_000_000, (int) (wait % 1_000_000));
                        wait = next - System.nanoTime();
                    }
                }
            }
        } catch (SQLException e) {
            failure = e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops polling, reads the statistics again; the phase's rows, their identity left to fill. */
    List<WaitSample.Builder> stop() throws SQLException, InterruptedException {
        if (thread != null) {
            synchronized (this) {
                stopping = true;
                notifyAll();
            }
            thread.join();
            if (failure != null) {
                throw failure;
            }
        }
        Reading last = read();
        List<WaitSample.Builder> rows =
                new ArrayList<>(WaitFigures.sampled(sessions, interval.toNanos() / 1e6));
        rows.addAll(WaitFigures.deltas(first, last));
        double ms = (last.nanos() - first.nanos()) / 1e6;
        rows.forEach(r -> r.setProduct(product).setIntervalStart(first.at()).setIntervalMs(ms));
        return rows;
    }

    private Reading read() throws SQLException {
        Instant at = Instant.now().truncatedTo(ChronoUnit.MICROS);
        long nanos = System.nanoTime();
        Map<WaitKey, Reading.Waited> waits = new LinkedHashMap<>();
        if (statements.has("waits")) {
            try (PreparedStatement s = prepare("waits");
                    ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    waits.put(
                            key(rs.getString(1), rs.getString(2)),
                            new Reading.Waited(rs.getLong(3), rs.getDouble(4), rs.getDouble(5)));
                }
            }
        }
        Map<WaitKey, Double> counters = new LinkedHashMap<>();
        if (statements.has("counters")) {
            try (PreparedStatement s = prepare("counters");
                    ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    counters.put(key(rs.getString(1), rs.getString(2)), rs.getDouble(3));
                }
            }
        }
        return new Reading(at, nanos, waits, counters);
    }

    private PreparedStatement prepare(String name) throws SQLException {
        PreparedStatement s = connection.prepareStatement(statements.sql(name));
        s.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
        return s;
    }

    /** Fixed-width text (Firebird's CHAR literals) comes padded: the names are stripped. */
    private static WaitKey key(String waitType, String name) {
        return new WaitKey(waitType == null ? null : waitType.strip(), name.strip());
    }
}
