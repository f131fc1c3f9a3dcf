package storagebench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.KafkaConnection;
import storagebench.cli.Main;
import storagebench.config.Settings;
import storagebench.dbms.PostgresEnv;
import storagebench.events.TrialTimed;
import storagebench.require.Needs;
import storagebench.require.Requirement;
import storagebench.require.SharedServers;

/**
 * A run on PostgreSQL killed with SIGKILL while a trial has its tablespaces, continued with
 * --restart: the restarted trial's set-up removes what the killed one left, every trial is recorded
 * once, and nothing is left on the server at the end.
 */
@Needs(Requirement.POSTGRES)
@SharedServers
class DatabaseRunRestartIT {
    @TempDir Path tmp;

    private static long count(Statement s, String sql) throws Exception {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void aKilledRunsLeftoversAreRemovedWhenItContinues() throws Exception {
        // given: a broker of the test, and a run in a child process that will be killed
        Path data = tmp.resolve("data");
        Path yaml =
                Files.writeString(
                        tmp.resolve("killed.yaml"),
                        """
                experiment: db-restart-check
                target:
                %s
                workload: {type: filegroup-insert, name: sb_killed, files: 3, rows: 10000}
                repetitions: 6
                warmups: 0
                """
                                .formatted(PostgresEnv.yaml().indent(2).stripTrailing()));
        Settings brokerSettings =
                Settings.load(null, Map.of(), Map.of("data-dir", tmp.resolve("broker").toString()));
        try (KafkaConnection kafka = KafkaConnection.open(brokerSettings);
                Connection c = PostgresEnv.target().connect();
                Statement s = c.createStatement()) {
            String servers = kafka.bootstrapServers();
            Process child =
                    new ProcessBuilder(
                                    Path.of(System.getProperty("java.home"), "bin", "java")
                                            .toString(),
                                    "-cp",
                                    System.getProperty("java.class.path"),
                                    Main.class.getName(),
                                    "run",
                                    yaml.toString(),
                                    "--data-dir",
                                    data.toString(),
                                    "--bootstrap-servers",
                                    servers,
                                    "--no-sink")
                            .redirectErrorStream(true)
                            .redirectOutput(tmp.resolve("child.log").toFile())
                            .start();
            // when: killed while a trial after the first is inside an insert into its tablespaces
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            // the cheap check first, so that polling does not outlast a trial's inserts
            while (count(
                                    s,
                                    "SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND query LIKE "
                                            + "'INSERT INTO \"sb_killed\"%'")
                            == 0
                    || TopicEvents.of(TopicEvents.all(kafka), TrialTimed.class).isEmpty()) {
                assertThat(child.isAlive()).as("child still running; log: %s", log()).isTrue();
                assertThat(System.nanoTime()).as("a trial inserts in time").isLessThan(deadline);
                Thread.sleep(5);
            }
            child.destroyForcibly().waitFor();
            long leftBehind =
                    count(s, "SELECT count(*) FROM pg_tablespace WHERE spcname LIKE 'sb_killed%'");
            int exit =
                    Main.execute(
                            "run",
                            "--restart",
                            onlyRun(data),
                            "--data-dir",
                            data.toString(),
                            "--bootstrap-servers",
                            servers,
                            "--no-sink");
            // then
            assertThat(leftBehind).as("the killed trial's tablespaces").isEqualTo(3);
            assertThat(exit).isZero();
            List<TrialTimed> measured =
                    TopicEvents.of(TopicEvents.all(kafka), TrialTimed.class).stream()
                            .filter(t -> t.getPhase().equals("measured"))
                            .toList();
            assertThat(measured.stream().map(TrialTimed::getTrialIndex).sorted().toList())
                    .containsExactly(0, 1, 2, 3, 4, 5);
            assertThat(measured).allMatch(t -> t.getMetrics().get("pages") == 10000.0);
            assertThat(
                            count(
                                    s,
                                    "SELECT count(*) FROM pg_tablespace WHERE spcname LIKE 'sb_killed%'"))
                    .isZero();
            assertThat(count(s, "SELECT count(*) FROM pg_class WHERE relname LIKE 'sb_killed%'"))
                    .isZero();
        }
    }

    private String log() throws Exception {
        return Files.readString(tmp.resolve("child.log"));
    }

    private static String onlyRun(Path data) throws Exception {
        try (Stream<Path> runs = Files.list(data.resolve("runs"))) {
            return runs.findFirst().orElseThrow().getFileName().toString();
        }
    }
}
