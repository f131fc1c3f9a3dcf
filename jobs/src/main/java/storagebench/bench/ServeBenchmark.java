package storagebench.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.JavaCommand;
import storagebench.Sha256;
import storagebench.config.Settings;
import storagebench.events.HostSnapshot;
import storagebench.events.Outcome;
import storagebench.events.RunFinished;
import storagebench.events.RunStarted;
import storagebench.events.RunStatus;
import storagebench.events.TargetSnapshot;
import storagebench.events.TrialRef;
import storagebench.events.TrialTimed;
import storagebench.schedule.ScheduleDatabase;
import storagebench.sink.RecordWriter;

/**
 * {@code bench serve}: a real {@code serve} process on a dataset of N earlier runs, with a schedule
 * firing every second (a trivial experiment; a busy target skips): the scheduling delay (fired minus
 * due) of its firings, the dashboard's time to answer on loopback, and the memory of the idle
 * service and of its embedded broker.
 */
public final class ServeBenchmark {
    private static final Logger log = LoggerFactory.getLogger(ServeBenchmark.class);
    private static final Pattern ADDRESS = Pattern.compile("storagebench serve: (http://\\S+/)");

    private ServeBenchmark() {}

    /**
     * @param main the command line's main class (the service is started as {@code main serve …})
     * @param firings the firings to time
     * @param runs the runs written into the dataset before the service starts
     * @param requests the dashboard requests to time, after three to warm up
     */
    public static ServeBenchReport run(
            Settings settings, Class<?> main, int firings, int runs, int requests) {
        Path root = SinkBenchmark.tempFolder();
        Path data = root.resolve("data");
        Process serve = null;
        try {
            writeRuns(settings.withDataDir(data).parquetDir(), runs, List.of("bench-host"));
            Path schedules = tickSchedule(root, "bench-serve-tick", "tick", "* * * * * ?");
            Path out = root.resolve("serve.log");
            serve =
                    new ProcessBuilder(
                                    JavaCommand.of(
                                            "-Xmx512m",
                                            main,
                                            List.of(
                                                    "serve",
                                                    "--schedules",
                                                    schedules.toString(),
                                                    "--data-dir",
                                                    data.toString(),
                                                    "--port",
                                                    "0")))
                            .redirectErrorStream(true)
                            .redirectOutput(out.toFile())
                            .start();
            String url = address(serve, out, 3);
            log.info("serve listens on {}; timing {} firings", url, firings);
            Settings own = settings.withDataDir(data);
            List<Long> delays = delays(own, firings, serve, out);
            stopFiring(url, own);
            log.info("waiting 20 s for the service to be idle");
            Thread.sleep(20_000);
            long[] page = page(url, requests);
            long serveRss = rss(serve.pid());
            long brokerRss = rss(brokerPid(data));
            return new ServeBenchReport(firings, runs, delays, page, serveRss, brokerRss);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } finally {
            if (serve != null) {
                serve.destroy();
                try {
                    serve.waitFor(120, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                serve.destroyForcibly();
            }
            stopBroker(data);
            SinkBenchmark.deleteRecursively(root);
        }
    }

    /**
     * Writes {@code schedules.yaml} under {@code root}: one schedule, {@code name}, firing at {@code
     * cron} (overlaps and misfires skipped) an experiment {@code experiment} of one trial of {@code
     * true} on the local disk; {@code more} are further lines of the schedule.
     */
    static Path tickSchedule(Path root, String experiment, String name, String cron, String... more)
            throws IOException {
        Path work = Files.createDirectories(root.resolve("work"));
        Files.writeString(
                root.resolve("tick.yaml"),
                String.join(
                        "\n",
                        "experiment: " + experiment,
                        "target:",
                        "  kind: local",
                        "  directory: " + work,
                        "workload:",
                        "  type: command",
                        "  command: \"true\"",
                        "factors:",
                        "  step: [one]",
                        "repetitions: 1",
                        "warmups: 0",
                        ""));
        List<String> lines = new ArrayList<>();
        lines.add("schedules:");
        lines.add("  - name: " + name);
        lines.add("    experiment: tick.yaml");
        lines.add("    cron: \"" + cron + "\"");
        lines.addAll(List.of(more));
        lines.add("    overlap: skip");
        lines.add("    misfire: skip");
        lines.add("");
        return Files.writeString(root.resolve("schedules.yaml"), String.join("\n", lines));
    }

    /** The address {@code serve} prints once it listens, read from its output within {@code minutes}. */
    static String address(Process serve, Path out, int minutes)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(minutes);
        while (System.nanoTime() < deadline) {
            Matcher m = ADDRESS.matcher(Files.readString(out));
            if (m.find()) {
                return m.group(1);
            }
            if (!serve.isAlive()) {
                throw new IllegalStateException(
                        "serve ended before it listened:\n" + Files.readString(out));
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException(
                "serve did not listen within " + minutes + " minutes: see " + out);
    }

    /** Fired minus due of the first {@code n} firings, in milliseconds, from the firings table. */
    private static List<Long> delays(Settings settings, int n, Process serve, Path out)
            throws InterruptedException, IOException {
        ScheduleDatabase repo = ScheduleDatabase.of(settings);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(n * 3L + 120);
        while (System.nanoTime() < deadline) {
            List<Long> delays = new ArrayList<>();
            try (Connection c =
                            DriverManager.getConnection(repo.url(), repo.user(), repo.password());
                    Statement s = c.createStatement();
                    ResultSet rs =
                            s.executeQuery(
                                    "SELECT FIRED_MS - SCHEDULED_MS FROM SB_FIRINGS ORDER BY SCHEDULED_MS")) {
                while (rs.next() && delays.size() < n) {
                    delays.add(rs.getLong(1));
                }
            } catch (SQLException e) {
                // not created yet
            }
            if (delays.size() >= n) {
                return delays;
            }
            if (!serve.isAlive()) {
                throw new IllegalStateException("serve ended:\n" + Files.readString(out));
            }
            Thread.sleep(1_000);
        }
        throw new IllegalStateException("fewer than " + n + " firings in time");
    }

    /**
     * Nanoseconds of the dashboard's first request (it reads the dataset), then of each timed one after
     * three more to warm up (they read what the first kept, until the dataset changes).
     */
    static long[] page(String url, int requests) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newHttpClient();
        HttpRequest get = HttpRequest.newBuilder(URI.create(url)).GET().build();
        long[] nanos = new long[requests + 1];
        for (int i = -4; i < requests; i++) {
            long start = System.nanoTime();
            HttpResponse<String> response = client.send(get, HttpResponse.BodyHandlers.ofString());
            long took = System.nanoTime() - start;
            if (response.statusCode() != 200) {
                throw new IllegalStateException(url + " answered " + response.statusCode());
            }
            if (i == -4) {
                nanos[0] = took;
            } else if (i >= 0) {
                nanos[i + 1] = took;
            }
        }
        return nanos;
    }

    /** Pauses the schedule through the repository, as {@code schedule pause} does. */
    private static void stopFiring(String url, Settings settings) {
        ScheduleDatabase repo = ScheduleDatabase.of(settings);
        try (Connection c = DriverManager.getConnection(repo.url(), repo.user(), repo.password());
                Statement s = c.createStatement()) {
            s.executeUpdate(
                    "UPDATE QRTZ_TRIGGERS SET TRIGGER_STATE = 'PAUSED' WHERE TRIGGER_NAME = 'tick'");
        } catch (SQLException e) {
            log.warn("could not pause the schedule of {}: {}", url, e.getMessage());
        }
    }

    /** The resident memory of a process, from /proc (0 where there is none). */
    static long rss(long pid) {
        try {
            for (String line :
                    Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }

    static long brokerPid(Path data) {
        try {
            return Long.parseLong(Files.readString(data.resolve("kafka/broker.pid")).strip());
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    static void stopBroker(Path data) {
        long pid = brokerPid(data);
        if (pid > 0) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
        }
    }

    /**
     * N earlier runs of each host (started, a trial, finished) as the sink lays them out, the hosts' runs
     * of one hour side by side.
     */
    static void writeRuns(Path parquet, int n, List<String> hosts) throws IOException {
        Instant base = Instant.now().truncatedTo(ChronoUnit.DAYS).minus(n, ChronoUnit.HOURS);
        try (RecordWriter writer = BenchDataset.writer(parquet, 64L << 20)) {
            long offset = 0;
            for (int j = 0; j < n * hosts.size(); j++) {
                int i = j / hosts.size();
                String host = hosts.get(j % hosts.size());
                String runId =
                        String.format("bench-serve-%04d", i)
                                + (hosts.size() == 1 ? "" : "-" + host);
                Instant start = base.plus(i, ChronoUnit.HOURS);
                writer.write(
                        RunStarted.newBuilder()
                                .setEventId(runId + "/started/1")
                                .setRunId(runId)
                                .setExperiment("bench-serve-" + (i % 5))
                                .setConfigText("experiment: bench-serve-" + (i % 5))
                                .setConfigSha256(Sha256.hex("experiment: bench-serve-" + (i % 5)))
                                .setHost(
                                        HostSnapshot.newBuilder()
                                                .setHostname(host)
                                                .setOsName("Linux")
                                                .setOsVersion("6")
                                                .setArch("amd64")
                                                .setCpuCores(2)
                                                .setMemoryBytes(1L << 34)
                                                .setDataDir("/data")
                                                .setJvm("17")
                                                .build())
                                .setTarget(
                                        TargetSnapshot.newBuilder()
                                                .setKind("local")
                                                .setProduct("local")
                                                .setLocation("/data/work")
                                                .build())
                                .setToolVersion("bench")
                                .setPlannedTrials(1)
                                .setStartTime(start)
                                .setSchedule(i % 2 == 0 ? "nightly" : null)
                                .setScheduledTime(i % 2 == 0 ? start : null)
                                .setFireTime(i % 2 == 0 ? start.plusMillis(20) : null)
                                .build(),
                        offset++);
                writer.write(
                        new TrialRef(
                                        runId,
                                        "bench-serve-" + (i % 5),
                                        host,
                                        runId + "/0",
                                        0,
                                        "init=zero",
                                        Map.of("init", "zero"),
                                        false)
                                .stamp(TrialTimed.newBuilder(), "create")
                                .setEventId(runId + "/0/create")
                                .setRepetition(1)
                                .setStartTime(start.plusSeconds(1))
                                .setEndTime(start.plusSeconds(2))
                                .setDurationNs(1_000_000_000L + i)
                                .setOutcome(Outcome.OK)
                                .build(),
                        offset++);
                writer.write(
                        RunFinished.newBuilder()
                                .setEventId(runId + "/finished/1")
                                .setRunId(runId)
                                .setExperiment("bench-serve-" + (i % 5))
                                .setHost(host)
                                .setAttempt(1)
                                .setStatus(RunStatus.COMPLETED)
                                .setTrials(1)
                                .setFailures(0)
                                .setEndTime(start.plusSeconds(3))
                                .build(),
                        offset++);
            }
            writer.commit();
        }
        log.info("wrote {} runs into {}", n * hosts.size(), parquet);
    }
}
