package storagebench.serve;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import storagebench.config.Settings;
import storagebench.dbms.PostgresEnv;
import storagebench.schedule.ScheduleDatabase;

/** What the service tests share: experiment and schedules files, the firings table, waiting. */
final class ServeFixture {
    private ServeFixture() {}

    static Settings settings(Path data, Map<String, String> more) {
        Map<String, String> values = new LinkedHashMap<>(more);
        values.put("data-dir", data.toString());
        return Settings.load(null, Map.of(), values);
    }

    /**
     * A command experiment of {@code trials} trials (one variant, no warm-up) that each sleep {@code
     * seconds}, on a local target folder of its own (so its schedules do not wait for each other's).
     */
    static Path experiment(Path dir, String name, int trials, String seconds) throws Exception {
        Path file = dir.resolve(name + ".yaml");
        Files.createDirectories(dir.resolve("work-" + name));
        Files.writeString(
                file,
                String.join(
                        "\n",
                        "experiment: " + name,
                        "target:",
                        "  kind: local",
                        "  directory: " + dir.resolve("work-" + name),
                        "workload:",
                        "  type: command",
                        "  command: sleep " + seconds,
                        "factors:",
                        "  step: [one]",
                        "repetitions: " + trials,
                        "warmups: 0",
                        ""));
        return file;
    }

    /**
     * An experiment like {@link #experiment}'s whose trials sleep as long as its file {@code
     * delay-NAME} says ({@link #delay}): the run's configuration stays the same when the delay
     * changes, as a system that got slower would.
     */
    static Path delayedExperiment(Path dir, String name, int trials, String seconds)
            throws Exception {
        Path file = experiment(dir, name, trials, seconds);
        Path delay = delay(file);
        Files.writeString(delay, seconds);
        Files.writeString(
                file,
                Files.readString(file)
                        .replace(
                                "  command: sleep " + seconds,
                                "  shell: true\n  command: sleep $(cat '" + delay + "')"));
        return file;
    }

    /** The file that holds the delay of a {@link #delayedExperiment}. */
    static Path delay(Path experiment) {
        return experiment.resolveSibling(
                "delay-" + experiment.getFileName().toString().replace(".yaml", ""));
    }

    /** The firings table, through the job repository the service serves. */
    static List<Map<String, Object>> firings(Settings settings, String where) throws Exception {
        return rows(
                settings,
                "SELECT * FROM SB_FIRINGS"
                        + (where.isEmpty() ? "" : " WHERE " + where)
                        + " ORDER BY SCHEDULED_MS");
    }

    /** The rows of a query on the job repository, column names as the database gives them. */
    static List<Map<String, Object>> rows(Settings settings, String sql) throws Exception {
        ScheduleDatabase repo = ScheduleDatabase.of(settings);
        try (Connection c = DriverManager.getConnection(repo.url(), repo.user(), repo.password());
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            List<Map<String, Object>> rows = new ArrayList<>();
            while (rs.next()) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    row.put(rs.getMetaData().getColumnName(i), rs.getObject(i));
                }
                rows.add(row);
            }
            return rows;
        }
    }

    static long count(Settings settings, String where) throws Exception {
        return firings(settings, where).size();
    }

    /** Waits for {@code condition}, failing with {@code what} and the service's output. */
    static void await(String what, Duration limit, BooleanSupplier condition, ServeProcess serve)
            throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError(
                "waited "
                        + limit.toSeconds()
                        + " s for "
                        + what
                        + ":\n"
                        + (serve == null ? "" : serve.output()));
    }

    /** A condition that may fail while the database is busy: false then. */
    interface Check {
        boolean holds() throws Exception;
    }

    static BooleanSupplier quietly(Check check) {
        return () -> {
            try {
                return check.holds();
            } catch (Exception e) {
                return false;
            }
        };
    }

    /** A statement on a PostgreSQL server as the tests' user: a database of a test's own made or dropped. */
    static void admin(String url, String password, String sql) throws Exception {
        try (Connection c = DriverManager.getConnection(url, PostgresEnv.user(), password);
                Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
