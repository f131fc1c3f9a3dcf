package storagebench.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.JavaCommand;
import storagebench.config.Settings;
import storagebench.schedule.ScheduleDatabase;

/**
 * {@code bench serve --hosts 1,3,10}: for each count, that many real {@code serve} processes as that
 * many hosts ({@code host.name} host-01 …) on one data directory — one embedded broker, one dataset of
 * {@code runs} earlier runs per host, and one job repository, the data directory's H2 database, which
 * the first service serves to the others as a shared PostgreSQL would — with a {@code hosts: all}
 * schedule of a trivial experiment (the sinks roll within 2 s of the last event, so each run's check
 * finds its trials in the dataset before the next firing). Measured per count: the scheduling delay of every host's share of
 * the fleet firings (the host started it minus it was due), the statements the idle services run on
 * the repository per second (H2's query statistics: heartbeats, the fleet workers' polls, Quartz's
 * cluster check-ins), the Fleet page's time to answer on loopback and each idle service's resident
 * memory.
 */
public final class ServeFleetBenchmark {
    private static final Logger log = LoggerFactory.getLogger(ServeFleetBenchmark.class);

    /**
     * The seconds between two fleet firings of {@code hosts} hosts: at least 10, and 3 per host, so the
     * hosts' runs (each a run, its regression check and the dataset read again), which share this
     * machine's cores as hosts of a fleet would not, end before the next firing.
     */
    static int everySeconds(int hosts) {
        return Math.max(10, 3 * hosts);
    }

    /** How long the idle services' statements are counted. */
    static final int IDLE_SECONDS = 30;

    private ServeFleetBenchmark() {}

    /**
     * @param main the command line's main class (each service is started as {@code main serve …})
     * @param hostCounts the fleet sizes, measured in this order
     * @param firings the fleet firings to time per size, once every host is registered
     * @param runsPerHost the earlier runs of each host in the dataset
     * @param requests the Fleet page requests to time, after three to warm up
     */
    public static ServeFleetBenchReport run(
            Settings settings,
            Class<?> main,
            List<Integer> hostCounts,
            int firings,
            int runsPerHost,
            int requests) {
        List<ServeFleetBenchReport.Round> rounds = new ArrayList<>();
        for (int hosts : hostCounts) {
            log.info(
                    "bench serve: {} host(s), a fleet firing every {} s",
                    hosts,
                    everySeconds(hosts));
            rounds.add(round(settings, main, hosts, firings, runsPerHost, requests));
        }
        return new ServeFleetBenchReport(firings, runsPerHost, rounds);
    }

    private static ServeFleetBenchReport.Round round(
            Settings settings,
            Class<?> main,
            int hosts,
            int firings,
            int runsPerHost,
            int requests) {
        Path root = SinkBenchmark.tempFolder();
        Path data = root.resolve("data");
        Settings own = settings.withDataDir(data);
        List<Process> services = new ArrayList<>();
        boolean measured = false;
        try {
            List<String> names = names(hosts);
            ServeBenchmark.writeRuns(own.parquetDir(), runsPerHost, names);
            Path schedules =
                    ServeBenchmark.tickSchedule(
                            root,
                            "bench-serve-fleet",
                            "fleet",
                            "0/" + everySeconds(hosts) + " * * * * ?",
                            "    hosts: all");
            List<String> urls = new ArrayList<>();
            for (int i = 0; i < hosts; i++) {
                services.add(start(main, root, data, schedules, names.get(i)));
                if (i == 0) {
                    // the first one creates the broker, the repository's tables and the topic
                    urls.add(ServeBenchmark.address(services.get(0), log(root, names.get(0)), 5));
                }
            }
            for (int i = 1; i < hosts; i++) {
                urls.add(ServeBenchmark.address(services.get(i), log(root, names.get(i)), 5));
            }
            ScheduleDatabase repository = ScheduleDatabase.of(own);
            long registered = allAlive(repository, hosts, services);
            log.info("{} host(s) registered; timing {} fleet firings", hosts, firings);
            Map<Long, List<Long>> delays = delays(repository, registered, hosts, firings, services);
            long missed =
                    ((Number)
                                    rows(
                                                    repository,
                                                    "SELECT count(*) AS N FROM SB_FLEET WHERE STATE"
                                                            + " = 'MISSED' AND SCHEDULED_MS > ?",
                                                    registered)
                                            .get(0)
                                            .get("N"))
                            .longValue();
            if (delays.size() < firings || missed > 0) {
                log.warn(
                        "{} host(s) fell behind: {} of {} fleet firings taken by every host in time,"
                                + " {} share(s) left out by busy hosts",
                        hosts,
                        delays.size(),
                        firings,
                        missed);
            }
            pause(repository);
            log.info("waiting 15 s for the services to be idle");
            Thread.sleep(15_000);
            Map<String, Long> statements = idleStatements(repository);
            long[] page = ServeBenchmark.page(urls.get(0) + "fleet", requests);
            List<Long> rss = services.stream().map(p -> ServeBenchmark.rss(p.pid())).toList();
            measured = true;
            return new ServeFleetBenchReport.Round(
                    hosts,
                    everySeconds(hosts),
                    delays.size(),
                    (int) missed,
                    delays.values().stream().flatMap(List::stream).toList(),
                    statements,
                    IDLE_SECONDS,
                    page,
                    rss,
                    ServeBenchmark.rss(ServeBenchmark.brokerPid(data)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } finally {
            services.forEach(Process::destroy);
            for (Process service : services) {
                try {
                    service.waitFor(120, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                service.destroyForcibly();
            }
            ServeBenchmark.stopBroker(data);
            if (measured) {
                SinkBenchmark.deleteRecursively(root);
            } else {
                log.warn("kept {} for the services' logs (host-NN.log)", root);
            }
        }
    }

    static List<String> names(int hosts) {
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= hosts; i++) {
            names.add(String.format("host-%02d", i));
        }
        return names;
    }

    private static Path log(Path root, String host) {
        return root.resolve(host + ".log");
    }

    private static Process start(Class<?> main, Path root, Path data, Path schedules, String host)
            throws IOException {
        return new ProcessBuilder(
                        JavaCommand.of(
                                "-Xmx384m",
                                main,
                                List.of(
                                        "serve",
                                        "--schedules",
                                        schedules.toString(),
                                        "--data-dir",
                                        data.toString(),
                                        "--port",
                                        "0",
                                        "--set",
                                        "host.name=" + host,
                                        // each run's check waits for its trials in the dataset: a
                                        // roll within 2 s of the last event, not the default 30 s
                                        "--set",
                                        "sink.idle-roll-seconds=2")))
                .redirectErrorStream(true)
                .redirectOutput(log(root, host).toFile())
                .start();
    }

    /** Waits until every host beats; returns the time, in epoch milliseconds. */
    private static long allAlive(ScheduleDatabase repository, int hosts, List<Process> services)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (System.nanoTime() < deadline) {
            long now = System.currentTimeMillis();
            List<Map<String, Object>> alive =
                    rows(
                            repository,
                            "SELECT HOST_NAME FROM SB_HOSTS WHERE STOPPED_MS IS NULL AND BEAT_MS > ?",
                            now - 15_000);
            if (alive.size() >= hosts) {
                return now;
            }
            alive(services);
            Thread.sleep(500);
        }
        throw new IllegalStateException(hosts + " hosts did not register within 2 minutes");
    }

    /**
     * Each host's started minus due, in milliseconds, of the first {@code n} fleet firings due after
     * {@code since}, by due time; a fleet firing counts once every host took its share. Fewer when
     * the time for {@code n} firings and three minutes more is up: the hosts fell behind.
     */
    private static Map<Long, List<Long>> delays(
            ScheduleDatabase repository, long since, int hosts, int n, List<Process> services)
            throws InterruptedException {
        Map<Long, List<Long>> complete = new LinkedHashMap<>();
        long deadline =
                System.nanoTime() + TimeUnit.SECONDS.toNanos((long) n * everySeconds(hosts) + 180);
        while (System.nanoTime() < deadline) {
            Map<Long, List<Long>> byDue = new TreeMap<>();
            for (Map<String, Object> row :
                    rows(
                            repository,
                            "SELECT SCHEDULED_MS, FIRED_MS FROM SB_FIRINGS"
                                    + " WHERE FIRING_ID LIKE '%@host:%' AND SCHEDULED_MS > ?",
                            since)) {
                long due = ((Number) row.get("SCHEDULED_MS")).longValue();
                byDue.computeIfAbsent(due, k -> new ArrayList<>())
                        .add(((Number) row.get("FIRED_MS")).longValue() - due);
            }
            // a fleet firing with a share left out never completes: the next ones are counted
            Set<Long> leftOut = new HashSet<>();
            for (Map<String, Object> row :
                    rows(
                            repository,
                            "SELECT SCHEDULED_MS FROM SB_FLEET WHERE STATE = 'MISSED' AND"
                                    + " SCHEDULED_MS > ?",
                            since)) {
                leftOut.add(((Number) row.get("SCHEDULED_MS")).longValue());
            }
            complete = new LinkedHashMap<>();
            for (Map.Entry<Long, List<Long>> e : byDue.entrySet()) {
                if (leftOut.contains(e.getKey())) {
                    continue;
                }
                if (e.getValue().size() < hosts || complete.size() == n) {
                    break;
                }
                complete.put(e.getKey(), e.getValue());
            }
            if (complete.size() == n) {
                return complete;
            }
            alive(services);
            Thread.sleep(1_000);
        }
        return complete;
    }

    private static void alive(List<Process> services) {
        for (Process service : services) {
            if (!service.isAlive()) {
                throw new IllegalStateException(
                        "a service ended (exit " + service.exitValue() + ")");
            }
        }
    }

    /** Pauses the schedule through the repository, as {@code schedule pause} does. */
    private static void pause(ScheduleDatabase repository) {
        execute(repository, "UPDATE QRTZ_TRIGGERS SET TRIGGER_STATE = 'PAUSED'");
    }

    /**
     * The statements the idle services ran on the repository in {@value #IDLE_SECONDS} s, by statement
     * text (H2's query statistics; this benchmark's own queries left out).
     */
    private static Map<String, Long> idleStatements(ScheduleDatabase repository)
            throws InterruptedException {
        execute(repository, "SET QUERY_STATISTICS_MAX_ENTRIES 1000");
        execute(repository, "SET QUERY_STATISTICS TRUE");
        Thread.sleep(IDLE_SECONDS * 1000L);
        Map<String, Long> counts = new TreeMap<>();
        for (Map<String, Object> row :
                rows(
                        repository,
                        "SELECT SQL_STATEMENT, EXECUTION_COUNT FROM INFORMATION_SCHEMA.QUERY_STATISTICS")) {
            String sql = String.valueOf(row.get("SQL_STATEMENT"));
            if (!sql.contains("QUERY_STATISTICS")) {
                counts.put(sql, ((Number) row.get("EXECUTION_COUNT")).longValue());
            }
        }
        execute(repository, "SET QUERY_STATISTICS FALSE");
        return counts;
    }

    private static void execute(ScheduleDatabase repository, String sql) {
        try (Connection c =
                        DriverManager.getConnection(
                                repository.url(), repository.user(), repository.password());
                Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql + ": " + e.getMessage(), e);
        }
    }

    private static List<Map<String, Object>> rows(
            ScheduleDatabase repository, String sql, Object... args) {
        List<Map<String, Object>> rows = new ArrayList<>();
        try (Connection c =
                        DriverManager.getConnection(
                                repository.url(), repository.user(), repository.password());
                PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                s.setObject(i + 1, args[i]);
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    for (int c2 = 1; c2 <= rs.getMetaData().getColumnCount(); c2++) {
                        row.put(rs.getMetaData().getColumnLabel(c2), rs.getObject(c2));
                    }
                    rows.add(row);
                }
            }
        } catch (SQLException e) {
            // the tables are not there yet: nothing
        }
        return rows;
    }
}
