package storagebench.schedule;

import java.lang.management.ManagementFactory;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import storagebench.BadInputException;
import storagebench.Version;
import storagebench.config.HostIdentity;

/**
 * The hosts of a fleet ({@code SB_HOSTS} in the job repository that clustered Quartz uses): each
 * {@code serve} registers its host by name, with its labels and version, and beats every {@link #BEAT}.
 * A host that missed {@link #MISSED} beats is stale: any live service then frees the targets of the
 * firings it was running and marks them {@link Firing.Status#LOST}, which Quartz's recovery continues
 * per retry. A service that ends says so, and its host is gone until it comes back.
 */
public final class HostRegistry {
    private static final Logger log = LoggerFactory.getLogger(HostRegistry.class);

    /** How often a service says that its host is alive. */
    public static final Duration BEAT = Duration.ofSeconds(5);

    /** Beats missed before a host is stale. */
    public static final int MISSED = 3;

    /** Where a host stands. */
    public enum State {
        /** It beat within the last {@link #MISSED} beats. */
        ALIVE,
        /** Its service stopped beating without saying it ends (killed, frozen, cut off). */
        STALE,
        /** Its service ended. */
        GONE
    }

    /**
     * One host as a service names it.
     *
     * @param name {@code host.name}
     * @param labels {@code host.labels}
     * @param version the storagebench version the service runs
     * @param process the service's process ({@code pid@machine}), which tells two services of one name
     *     apart
     */
    public record Identity(
            String name, Map<String, String> labels, String version, String process) {
        /** This process's identity under a host name and labels. */
        public static Identity of(String name, Map<String, String> labels) {
            return new Identity(
                    name,
                    new TreeMap<>(labels),
                    Version.current(),
                    ManagementFactory.getRuntimeMXBean().getName());
        }
    }

    /**
     * A host as the registry holds it.
     *
     * @param running the firing it runs now, if any
     * @param last the last firing it ended, if any
     */
    public record Host(
            Identity identity,
            Instant started,
            Instant beat,
            State state,
            Optional<Firing> running,
            Optional<Firing> last) {
        public String name() {
            return identity.name();
        }
    }

    private final JdbcTemplate jdbc;
    private final Firings firings;

    public HostRegistry(DataSource dataSource) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.firings = new Firings(dataSource);
    }

    /**
     * Refuses a name that a live service of another process holds.
     *
     * @throws BadInputException naming the process that holds it
     */
    public void check(Identity me) {
        long now = System.currentTimeMillis();
        for (Host other : registered()) {
            if (other.name().equals(me.name())
                    && other.state() == State.ALIVE
                    && !other.identity().process().equals(me.process())
                    && !ended(other.identity().process())) {
                throw new BadInputException(
                        "host.name "
                                + me.name()
                                + " is taken by a running service (process "
                                + other.identity().process()
                                + ", last heartbeat "
                                + ago(other.beat(), Instant.ofEpochMilli(now))
                                + "): give this service a host.name of its own");
            }
        }
    }

    /**
     * Registers a service's host, starting it afresh; its first heartbeat.
     *
     * @throws BadInputException when a live service of another process holds the name
     */
    public void register(Identity me) {
        check(me);
        long now = System.currentTimeMillis();
        int updated =
                jdbc.update(
                        "UPDATE SB_HOSTS SET LABELS = ?, VERSION = ?, PROCESS = ?, STARTED_MS = ?,"
                                + " BEAT_MS = ?, STOPPED_MS = NULL, LOST_MS = NULL WHERE HOST_NAME = ?",
                        labels(me.labels()),
                        me.version(),
                        me.process(),
                        now,
                        now,
                        me.name());
        if (updated == 0) {
            jdbc.update(
                    "INSERT INTO SB_HOSTS (HOST_NAME, LABELS, VERSION, PROCESS, STARTED_MS, BEAT_MS)"
                            + " VALUES (?, ?, ?, ?, ?, ?)",
                    me.name(),
                    labels(me.labels()),
                    me.version(),
                    me.process(),
                    now,
                    now);
        }
    }

    /**
     * Whether {@code process} ({@code pid@machine}) was a process of this machine that has ended (a
     * service killed and started again within the stale time takes its name back at once).
     */
    static boolean ended(String process) {
        int at = process.indexOf('@');
        String mine = ManagementFactory.getRuntimeMXBean().getName();
        if (at < 0 || !process.substring(at).equals(mine.substring(mine.indexOf('@')))) {
            return false;
        }
        try {
            return ProcessHandle.of(Long.parseLong(process.substring(0, at)))
                    .map(p -> !p.isAlive())
                    .orElse(true);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Says that the host is alive; false when another process has taken its name over since. */
    public boolean beat(Identity me) {
        return jdbc.update(
                        "UPDATE SB_HOSTS SET BEAT_MS = ?, LOST_MS = NULL WHERE HOST_NAME = ? AND PROCESS = ?",
                        System.currentTimeMillis(),
                        me.name(),
                        me.process())
                == 1;
    }

    /**
     * Frees the targets of the firings each newly stale host was running and marks them lost (once per
     * time a host goes stale).
     *
     * @return the hosts found newly stale
     */
    public List<String> sweep() {
        Instant now = Instant.now();
        List<String> stale =
                registered().stream()
                        .filter(h -> h.state() == State.STALE)
                        .map(Host::name)
                        .filter(
                                name ->
                                        jdbc.update(
                                                        "UPDATE SB_HOSTS SET LOST_MS = ? WHERE HOST_NAME = ?"
                                                                + " AND LOST_MS IS NULL AND STOPPED_MS IS NULL"
                                                                + " AND BEAT_MS < ?",
                                                        now.toEpochMilli(),
                                                        name,
                                                        now.toEpochMilli()
                                                                - staleAfter().toMillis())
                                                == 1)
                        .toList();
        for (String name : stale) {
            int lost =
                    firings.lose(
                            name,
                            "its host "
                                    + name
                                    + " stopped answering; continued per retry when a service takes it over");
            log.warn(
                    "host {} missed {} heartbeats: stale{}",
                    name,
                    MISSED,
                    lost == 0
                            ? ""
                            : "; its running firing(s), "
                                    + lost
                                    + ", marked lost and their targets freed");
        }
        return stale;
    }

    /** Says that the service ends: its host is gone until a service registers it again. */
    public void stopped(Identity me) {
        jdbc.update(
                "UPDATE SB_HOSTS SET STOPPED_MS = ? WHERE HOST_NAME = ? AND PROCESS = ?",
                System.currentTimeMillis(),
                me.name(),
                me.process());
    }

    /** Every host registered, by name, with its state now and its running and last firing. */
    public List<Host> list() {
        return hosts(true);
    }

    /**
     * Every host registered, by name, with its state now; no firing read (what the heartbeat, a
     * fleet firing's shares and a name's check need).
     */
    public List<Host> registered() {
        return hosts(false);
    }

    private List<Host> hosts(boolean withFirings) {
        long now = System.currentTimeMillis();
        return jdbc.query(
                "SELECT HOST_NAME, LABELS, VERSION, PROCESS, STARTED_MS, BEAT_MS, STOPPED_MS"
                        + " FROM SB_HOSTS ORDER BY HOST_NAME",
                (rs, n) -> host(rs, now, withFirings));
    }

    private Host host(ResultSet rs, long now, boolean withFirings) throws SQLException {
        String name = rs.getString("HOST_NAME");
        long beat = rs.getLong("BEAT_MS");
        rs.getLong("STOPPED_MS");
        boolean stopped = !rs.wasNull();
        return new Host(
                new Identity(
                        name,
                        labels(rs.getString("LABELS")),
                        rs.getString("VERSION"),
                        rs.getString("PROCESS")),
                Instant.ofEpochMilli(rs.getLong("STARTED_MS")),
                Instant.ofEpochMilli(beat),
                state(beat, stopped, now),
                withFirings ? firings.latestOf(name, true) : Optional.empty(),
                withFirings ? firings.latestOf(name, false) : Optional.empty());
    }

    /** A host's state from its last beat and whether its service said it ends. */
    static State state(long beatMs, boolean stopped, long nowMs) {
        if (stopped) {
            return State.GONE;
        }
        return nowMs - beatMs < staleAfter().toMillis() ? State.ALIVE : State.STALE;
    }

    static Duration staleAfter() {
        return BEAT.multipliedBy(MISSED);
    }

    /** {@code 3 s ago}, {@code 2 min ago}, {@code 5 h ago}. */
    public static String ago(Instant then, Instant now) {
        long s = Math.max(0, Duration.between(then, now).toSeconds());
        if (s < 120) {
            return s + " s ago";
        }
        if (s < 7200) {
            return s / 60 + " min ago";
        }
        return s / 3600 + " h ago";
    }

    /** {@code disk=nvme,role=replica}: sorted, the form the registry keeps. */
    public static String labels(Map<String, String> labels) {
        return new TreeMap<>(labels)
                .entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.joining(","));
    }

    /** The labels as the registry keeps them ({@link #labels(Map)}), checked when they were set. */
    static Map<String, String> labels(String text) {
        return text == null || text.isBlank()
                ? Map.of()
                : HostIdentity.labels(
                        List.of(text.split(",")),
                        p -> new IllegalStateException("SB_HOSTS holds a bad label: " + p));
    }
}
