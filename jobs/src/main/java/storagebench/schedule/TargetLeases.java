package storagebench.schedule;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Which firing holds which target ({@code SB_TARGETS} in the job repository), so two runs never hit
 * one target at once, across every service on the repository. A lease is renewed while its run goes
 * on and lapses when its service died; the firing that held it may take it again (a recovery).
 */
public final class TargetLeases {
    /** How long a lease lasts without renewal: a dead service's target is free after this. */
    static final Duration TERM = Duration.ofSeconds(45);

    /** How often a running firing renews its lease. */
    static final Duration RENEW = Duration.ofSeconds(10);

    /**
     * A target's holder.
     *
     * @param firing the firing (see {@link Firing#id})
     * @param schedule its schedule
     * @param runId its run, or null before the run started
     */
    public record Holder(String firing, String schedule, String runId) {}

    private final JdbcTemplate jdbc;

    public TargetLeases(DataSource dataSource) {
        this.jdbc = new JdbcTemplate(dataSource);
    }

    /** Takes the target for a firing: free, lapsed, or already the firing's own. */
    boolean acquire(String target, String firing, String schedule) {
        long now = System.currentTimeMillis();
        int taken =
                jdbc.update(
                        "UPDATE SB_TARGETS SET FIRING_ID = ?, SCHEDULE_NAME = ?, RUN_ID = NULL,"
                                + " EXPIRES_MS = ? WHERE TARGET_KEY = ? AND (EXPIRES_MS < ? OR FIRING_ID = ?)",
                        firing,
                        schedule,
                        now + TERM.toMillis(),
                        target,
                        now,
                        firing);
        if (taken == 1) {
            return true;
        }
        try {
            jdbc.update(
                    "INSERT INTO SB_TARGETS (TARGET_KEY, FIRING_ID, SCHEDULE_NAME, EXPIRES_MS)"
                            + " VALUES (?, ?, ?, ?)",
                    target,
                    firing,
                    schedule,
                    now + TERM.toMillis());
            return true;
        } catch (DataAccessException e) {
            // someone holds it (or took it a moment ago)
            return false;
        }
    }

    /** Keeps the lease while the run goes on, naming the run. */
    void renew(String target, String firing, String runId) {
        jdbc.update(
                "UPDATE SB_TARGETS SET RUN_ID = ?, EXPIRES_MS = ? WHERE TARGET_KEY = ? AND FIRING_ID = ?",
                runId,
                System.currentTimeMillis() + TERM.toMillis(),
                target,
                firing);
    }

    void release(String target, String firing) {
        jdbc.update(
                "DELETE FROM SB_TARGETS WHERE TARGET_KEY = ? AND FIRING_ID = ?", target, firing);
    }

    /** Who holds the target now, in words. */
    String busy(String target) {
        return holder(target)
                .map(
                        h ->
                                "the target is busy with "
                                        + (h.runId() == null ? "a firing" : "run " + h.runId())
                                        + " of schedule "
                                        + h.schedule())
                .orElse("the target is busy");
    }

    /** Who holds the target now, if anyone. */
    Optional<Holder> holder(String target) {
        List<Holder> rows =
                jdbc.query(
                        "SELECT FIRING_ID, SCHEDULE_NAME, RUN_ID FROM SB_TARGETS"
                                + " WHERE TARGET_KEY = ? AND EXPIRES_MS >= ?",
                        (rs, n) ->
                                new Holder(
                                        rs.getString("FIRING_ID"),
                                        rs.getString("SCHEDULE_NAME"),
                                        rs.getString("RUN_ID")),
                        target,
                        System.currentTimeMillis());
        return rows.stream().findFirst();
    }
}
