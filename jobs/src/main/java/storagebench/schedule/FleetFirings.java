package storagebench.schedule;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The fleet firings ({@code SB_FLEET} in the job repository): a firing of a schedule with {@code
 * hosts: all} or a selector is one share per chosen host, each run by that host's service alone. The
 * trigger stays one clustered Quartz trigger, which any service may take; what it does is write the
 * shares ({@link #fanOut}), one per host registered and chosen at that moment. Each service takes its
 * own ({@link FleetWorker}).
 */
public final class FleetFirings {
    /** Marks the firing id of a host's share: {@code <trigger>@<due ms>@host:<name>}. */
    static final String HOST_MARK = "@host:";

    /** Where a host's share stands. */
    public enum State {
        /** Written, not yet taken by its host's service (down, or not looked yet). */
        PENDING,
        /** Taken by its host's service: its firing ({@link #firingId}) is in the firings table. */
        TAKEN,
        /** Not run: its host came back too late, and the schedule's misfire policy left it out. */
        MISSED
    }

    /**
     * One host's share of a fleet firing.
     *
     * @param fleetId the fleet firing: its trigger and due time, the same on every host
     */
    public record Share(
            String fleetId,
            String host,
            String schedule,
            String trigger,
            Instant scheduled,
            State state) {
        /** The share's firing in the firings table. */
        public String firingId() {
            return FleetFirings.firingId(fleetId, host);
        }
    }

    private final JdbcTemplate jdbc;

    public FleetFirings(DataSource dataSource) {
        this.jdbc = new JdbcTemplate(dataSource);
    }

    static String firingId(String fleetId, String host) {
        return fleetId + HOST_MARK + host;
    }

    /** Whether a firing is a host's share of a fleet firing (which only that host continues). */
    static boolean isShare(String firingId) {
        return firingId != null && firingId.contains(HOST_MARK);
    }

    /**
     * Writes a fleet firing's shares, one per registered host the schedule chooses; a share written
     * before (the trigger's job recovered after its service died) is left as it is.
     *
     * @return the hosts given a share now
     */
    public List<String> fanOut(
            Schedule schedule, String trigger, Instant scheduled, List<HostRegistry.Host> hosts) {
        String fleetId = Firing.id(trigger, scheduled);
        return hosts.stream()
                .filter(h -> schedule.hosts().matches(h.name(), h.identity().labels()))
                .map(HostRegistry.Host::name)
                .filter(host -> insert(fleetId, host, schedule.name(), trigger, scheduled))
                .toList();
    }

    private boolean insert(
            String fleetId, String host, String schedule, String trigger, Instant scheduled) {
        try {
            jdbc.update(
                    "INSERT INTO SB_FLEET (FLEET_ID, HOST_NAME, SCHEDULE_NAME, TRIGGER_NAME,"
                            + " SCHEDULED_MS, STATE) VALUES (?, ?, ?, ?, ?, ?)",
                    fleetId,
                    host,
                    schedule,
                    trigger,
                    scheduled.toEpochMilli(),
                    State.PENDING.name());
            return true;
        } catch (DuplicateKeyException e) {
            return false;
        }
    }

    /** A host's shares in a state, the earliest due first. */
    public List<Share> of(String host, State state) {
        return jdbc.query(
                "SELECT FLEET_ID, HOST_NAME, SCHEDULE_NAME, TRIGGER_NAME, SCHEDULED_MS, STATE"
                        + " FROM SB_FLEET WHERE HOST_NAME = ? AND STATE = ? ORDER BY SCHEDULED_MS",
                (rs, n) ->
                        new Share(
                                rs.getString("FLEET_ID"),
                                rs.getString("HOST_NAME"),
                                rs.getString("SCHEDULE_NAME"),
                                rs.getString("TRIGGER_NAME"),
                                Instant.ofEpochMilli(rs.getLong("SCHEDULED_MS")),
                                State.valueOf(rs.getString("STATE"))),
                host,
                state.name());
    }

    /**
     * A fleet firing with every host's share.
     *
     * @param fleetId its trigger and due time
     */
    public record FleetFiring(
            String fleetId, String schedule, Instant scheduled, List<Share> shares) {}

    /** The latest fleet firings first, at most {@code limit}, with their shares. */
    public List<FleetFiring> recent(int limit) {
        List<Share> shares =
                jdbc.query(
                        "SELECT FLEET_ID, HOST_NAME, SCHEDULE_NAME, TRIGGER_NAME, SCHEDULED_MS, STATE"
                                + " FROM SB_FLEET ORDER BY SCHEDULED_MS DESC, FLEET_ID, HOST_NAME",
                        rs -> {
                            List<Share> rows = new ArrayList<>();
                            Set<String> fleets = new HashSet<>();
                            while (rs.next()) {
                                String id = rs.getString("FLEET_ID");
                                if (fleets.add(id) && fleets.size() > limit) {
                                    break;
                                }
                                rows.add(
                                        new Share(
                                                id,
                                                rs.getString("HOST_NAME"),
                                                rs.getString("SCHEDULE_NAME"),
                                                rs.getString("TRIGGER_NAME"),
                                                Instant.ofEpochMilli(rs.getLong("SCHEDULED_MS")),
                                                State.valueOf(rs.getString("STATE"))));
                            }
                            return rows;
                        });
        Map<String, List<Share>> byFleet = new LinkedHashMap<>();
        shares.forEach(s -> byFleet.computeIfAbsent(s.fleetId(), k -> new ArrayList<>()).add(s));
        return byFleet.values().stream()
                .map(
                        list ->
                                new FleetFiring(
                                        list.get(0).fleetId(),
                                        list.get(0).schedule(),
                                        list.get(0).scheduled(),
                                        List.copyOf(list)))
                .toList();
    }

    /** Moves a pending share on; false when it was not pending any more. */
    boolean settle(Share share, State to) {
        return jdbc.update(
                        "UPDATE SB_FLEET SET STATE = ? WHERE FLEET_ID = ? AND HOST_NAME = ?"
                                + " AND STATE = ?",
                        to.name(),
                        share.fleetId(),
                        share.host(),
                        State.PENDING.name())
                == 1;
    }
}
