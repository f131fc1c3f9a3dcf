package storagebench.probe.waits;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.SqlScript;
import storagebench.dbms.Target;
import storagebench.events.TrialRef;
import storagebench.events.WaitSample;

/**
 * Reads a database server's wait statistics over each trial's measured phase, through the product's
 * {@code samplers/waits/<product>.sql} ({@link storagebench.dbms.DatabaseKind#waitStatistics}). At the
 * phase's start (on the trial's thread, before the first measured step's clock starts) it connects and
 * reads the cumulative statistics, then polls the sessions' waits on a thread of its own every interval;
 * at the phase's end (after the last step's clock stopped) it stops polling and reads the statistics
 * again. Its work never runs inside a step's clock. A failure to read costs the trial its waits, said
 * once per run and cause, never the trial.
 */
public final class WaitSampler {
    private static final Logger log = LoggerFactory.getLogger(WaitSampler.class);

    /** A sampler that reads nothing: a target that is no database, a product without waits, interval 0. */
    public static final WaitSampler OFF = new WaitSampler(null, null, Duration.ZERO);

    private final DatabaseTarget target;
    private final SqlScript statements;
    private final Duration interval;
    private final Set<String> said = new LinkedHashSet<>();

    private WaitSampler(DatabaseTarget target, SqlScript statements, Duration interval) {
        this.target = target;
        this.statements = statements;
        this.interval = interval;
    }

    /** The sampler for {@code target}'s trials, polling sessions every {@code interval} (0: {@link #OFF}). */
    public static WaitSampler of(Target target, Duration interval) {
        if (interval.isZero() || !(target instanceof DatabaseTarget database)) {
            return OFF;
        }
        return database.kind()
                .database()
                .waitStatistics()
                .map(s -> new WaitSampler(database, s, interval))
                .orElse(OFF);
    }

    public boolean enabled() {
        return target != null;
    }

    /**
     * The measured phase of trial {@code ref} begins: connects, reads the statistics, starts polling.
     *
     * @param step the phase's steps, for the rows' step field
     */
    public Phase begin(TrialRef ref, String step) {
        if (!enabled()) {
            return Phase.NONE;
        }
        Connection connection = null;
        try {
            connection = target.connect();
            connection.setAutoCommit(true);
            WaitPoller poller =
                    new WaitPoller(
                            connection,
                            statements,
                            interval,
                            target.kind().database().dialect().product());
            poller.start(ref.trialId());
            return new Phase(this, ref, step, poller);
        } catch (SQLException | RuntimeException e) {
            close(connection);
            failed(e);
            return Phase.NONE;
        }
    }

    private void failed(Exception e) {
        String message =
                e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().strip();
        if (said.add(message)) {
            log.warn(
                    "waits of {} not read for this trial (db.wait-sample-interval=0 turns them off): {}",
                    target.location(),
                    message);
        }
    }

    private static void close(Connection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException e) {
                // gone either way
            }
        }
    }

    /** One trial's measured phase being read. */
    public static final class Phase {
        /** A phase not read: it ends with no rows. */
        public static final Phase NONE = new Phase(null, null, null, null);

        private final WaitSampler sampler;
        private final TrialRef ref;
        private final String step;
        private final WaitPoller poller;

        private Phase(WaitSampler sampler, TrialRef ref, String step, WaitPoller poller) {
            this.sampler = sampler;
            this.ref = ref;
            this.step = step;
            this.poller = poller;
        }

        /** The phase ended: stops polling, reads the statistics again, and gives the trial's rows. */
        public List<WaitSample> end() {
            if (poller == null) {
                return List.of();
            }
            try {
                return poller.stop().stream()
                        .map(
                                row ->
                                        ref.stamp(row, step)
                                                .setEventId(
                                                        ref.trialId()
                                                                + "/waits/measured/"
                                                                + row.getKind()
                                                                + "/"
                                                                + row.getWaitType()
                                                                + "/"
                                                                + row.getName())
                                                .setPhase("measured")
                                                .build())
                        .toList();
            } catch (SQLException | RuntimeException e) {
                sampler.failed(e);
                return List.of();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return List.of();
            } finally {
                close(poller.connection());
            }
        }
    }
}
