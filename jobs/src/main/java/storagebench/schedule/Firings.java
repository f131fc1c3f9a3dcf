package storagebench.schedule;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;

/** The firings table ({@code SB_FIRINGS}) in the job repository: every firing and its outcome. */
public final class Firings {
    private static final String COLUMNS =
            "FIRING_ID, SCHEDULE_NAME, TRIGGER_NAME, TARGET_KEY, SCHEDULED_MS, FIRED_MS, RUN_ID, STATUS, ATTEMPTS,"
                    + " MESSAGE, ENDED_MS, NODE, RERUN_ID";

    private final JdbcTemplate jdbc;

    public Firings(DataSource dataSource) {
        this.jdbc = new JdbcTemplate(dataSource);
    }

    /** Records a firing as it starts (or starts again after a continuation). */
    void save(Firing f) {
        int updated =
                jdbc.update(
                        "UPDATE SB_FIRINGS SET RUN_ID = ?, STATUS = ?, ATTEMPTS = ?, MESSAGE = ?,"
                                + " ENDED_MS = ?, NODE = ?, RERUN_ID = ? WHERE FIRING_ID = ?",
                        f.runId(),
                        f.status().name(),
                        f.attempts(),
                        clip(f.message()),
                        f.ended() == null ? null : f.ended().toEpochMilli(),
                        f.node(),
                        f.rerunId(),
                        f.id());
        if (updated == 0) {
            jdbc.update(
                    "INSERT INTO SB_FIRINGS ("
                            + COLUMNS
                            + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    f.id(),
                    f.schedule(),
                    f.trigger(),
                    f.target(),
                    f.scheduled().toEpochMilli(),
                    f.fired().toEpochMilli(),
                    f.runId(),
                    f.status().name(),
                    f.attempts(),
                    clip(f.message()),
                    f.ended() == null ? null : f.ended().toEpochMilli(),
                    f.node(),
                    f.rerunId());
        }
    }

    public Optional<Firing> find(String id) {
        return jdbc
                .query(
                        "SELECT " + COLUMNS + " FROM SB_FIRINGS WHERE FIRING_ID = ?",
                        Firings::row,
                        id)
                .stream()
                .findFirst();
    }

    /** The firings of these ids that the table holds, by id (one query). */
    public Map<String, Firing> find(Collection<String> ids) {
        Map<String, Firing> found = new LinkedHashMap<>();
        if (ids.isEmpty()) {
            return found;
        }
        jdbc.query(
                        "SELECT "
                                + COLUMNS
                                + " FROM SB_FIRINGS WHERE FIRING_ID IN ("
                                + String.join(", ", Collections.nCopies(ids.size(), "?"))
                                + ")",
                        Firings::row,
                        ids.toArray())
                .forEach(f -> found.put(f.id(), f));
        return found;
    }

    /** The most recent firings first. */
    public List<Firing> recent(int limit) {
        return jdbc.query(
                "SELECT " + COLUMNS + " FROM SB_FIRINGS ORDER BY FIRED_MS DESC",
                rs -> {
                    List<Firing> rows = new ArrayList<>();
                    while (rs.next() && rows.size() < limit) {
                        rows.add(row(rs, rows.size()));
                    }
                    return rows;
                });
    }

    /** The firings of a schedule, most recent first. */
    public List<Firing> of(String schedule) {
        return jdbc.query(
                "SELECT "
                        + COLUMNS
                        + " FROM SB_FIRINGS WHERE SCHEDULE_NAME = ? ORDER BY FIRED_MS DESC",
                Firings::row,
                schedule);
    }

    /**
     * Firings whose run was stopped with the service and may be continued by any service: not a host's
     * share of a fleet firing, which only that host continues ({@link FleetWorker}).
     */
    public List<Firing> interrupted() {
        return jdbc.query(
                "SELECT "
                        + COLUMNS
                        + " FROM SB_FIRINGS WHERE STATUS = ? AND FIRING_ID NOT LIKE ? ORDER BY FIRED_MS",
                Firings::row,
                Firing.Status.INTERRUPTED.name(),
                "%" + FleetFirings.HOST_MARK + "%");
    }

    /** The most recent firing a host ran that is {@code RUNNING} ({@code running}) or ended. */
    public Optional<Firing> latestOf(String node, boolean running) {
        return jdbc
                .query(
                        "SELECT "
                                + COLUMNS
                                + " FROM SB_FIRINGS WHERE NODE = ? AND STATUS "
                                + (running ? "=" : "<>")
                                + " 'RUNNING' ORDER BY FIRED_MS DESC",
                        rs -> {
                            List<Firing> rows = new ArrayList<>();
                            if (rs.next()) {
                                rows.add(row(rs, 0));
                            }
                            return rows;
                        },
                        node)
                .stream()
                .findFirst();
    }

    /**
     * Marks the firings a host was running as lost, saying why, and frees the targets they held.
     *
     * @return how many there were
     */
    int lose(String node, String why) {
        jdbc.update(
                "DELETE FROM SB_TARGETS WHERE FIRING_ID IN"
                        + " (SELECT FIRING_ID FROM SB_FIRINGS WHERE NODE = ? AND STATUS = 'RUNNING')",
                node);
        return jdbc.update(
                "UPDATE SB_FIRINGS SET STATUS = 'LOST', MESSAGE = ? WHERE NODE = ? AND STATUS = 'RUNNING'",
                clip(why),
                node);
    }

    private static Firing row(ResultSet rs, int n) throws SQLException {
        long ended = rs.getLong("ENDED_MS");
        boolean open = rs.wasNull();
        return new Firing(
                rs.getString("FIRING_ID"),
                rs.getString("SCHEDULE_NAME"),
                rs.getString("TRIGGER_NAME"),
                rs.getString("TARGET_KEY"),
                Instant.ofEpochMilli(rs.getLong("SCHEDULED_MS")),
                Instant.ofEpochMilli(rs.getLong("FIRED_MS")),
                rs.getString("RUN_ID"),
                Firing.Status.valueOf(rs.getString("STATUS")),
                rs.getInt("ATTEMPTS"),
                rs.getString("MESSAGE"),
                open ? null : Instant.ofEpochMilli(ended),
                rs.getString("NODE"),
                rs.getString("RERUN_ID"));
    }

    private static String clip(String message) {
        return message == null || message.length() <= 2000
                ? message
                : message.substring(0, 1997) + "...";
    }
}
