package storagebench.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.ProcessLock;
import storagebench.broker.BrokerFiles;
import storagebench.broker.BrokerProcess;
import storagebench.broker.KafkaConnection;
import storagebench.cli.Main;
import storagebench.config.Settings;
import storagebench.events.TrialTimed;
import storagebench.runner.TopicEvents;

/** The embedded broker is a process of its own: it outlives commands, is shared, and comes back after a kill. */
class BrokerProcessIT {
    @TempDir Path tmp;

    @Test
    void brokerOutlivesTheCommandThatStartedItAndStopsOnRequest() throws Exception {
        // given
        Path data = tmp.resolve("data");
        // when: a run starts the broker and ends
        int exit =
                Main.execute(
                        "run",
                        Experiments.quick(tmp, "outlive", 1).toString(),
                        "--data-dir",
                        data.toString(),
                        "--no-sink");
        // then: the broker still runs, and status says so
        BrokerFiles files = BrokerFiles.of(data.resolve("kafka"));
        assertThat(exit).isZero();
        assertThat(BrokerProcess.answering(files)).isPresent();
        assertThat(Main.execute("broker", "status", "--data-dir", data.toString())).isZero();
        long pid = files.readPid().orElseThrow();
        assertThat(pid).isNotEqualTo(ProcessHandle.current().pid());
        // and a second command uses the same broker process
        assertThat(
                        Main.execute(
                                "run",
                                Experiments.quick(tmp, "outlive-2", 1).toString(),
                                "--data-dir",
                                data.toString(),
                                "--no-sink"))
                .isZero();
        assertThat(files.readPid()).contains(pid);
        // when stopped
        assertThat(Main.execute("broker", "stop", "--data-dir", data.toString())).isZero();
        // then
        assertThat(BrokerProcess.alive(files)).isFalse();
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive))
                .isNotEqualTo(Optional.of(true));
        assertThat(Main.execute("broker", "status", "--data-dir", data.toString()))
                .isEqualTo(Main.FAILED);
    }

    @Test
    void commandsStartedTogetherShareOneBroker() throws Exception {
        // given: no broker yet
        Path data = tmp.resolve("data");
        // when: three commands that need it start at once
        List<Child> children =
                List.of(
                        Child.start(tmp, "a", "broker", "start", "--data-dir", data.toString()),
                        Child.start(tmp, "b", "broker", "start", "--data-dir", data.toString()),
                        Child.start(tmp, "c", "broker", "start", "--data-dir", data.toString()));
        // then: all succeed, on one address
        String address = null;
        for (Child child : children) {
            assertThat(child.waitFor(120)).as(child.output()).isZero();
            String line =
                    child.output()
                            .lines()
                            .filter(l -> l.contains("running on"))
                            .findFirst()
                            .orElseThrow();
            String said =
                    line.substring(line.indexOf("running on ") + "running on ".length()).strip();
            assertThat(address == null || address.equals(said))
                    .as("one address: %s vs %s", address, said)
                    .isTrue();
            address = said;
        }
        BrokerFiles files = BrokerFiles.of(data.resolve("kafka"));
        assertThat(BrokerProcess.answering(files)).contains(address);
        BrokerProcess.stop(files, Duration.ofSeconds(30));
    }

    @Test
    void killedBrokerIsStartedAgainOnItsPortWithItsEvents() throws Exception {
        // given: a run's events in the broker, which is then killed with SIGKILL
        Path data = tmp.resolve("data");
        assertThat(
                        Main.execute(
                                "run",
                                Experiments.quick(tmp, "kill-broker", 2).toString(),
                                "--data-dir",
                                data.toString(),
                                "--no-sink"))
                .isZero();
        BrokerFiles files = BrokerFiles.of(data.resolve("kafka"));
        String address = BrokerProcess.answering(files).orElseThrow();
        Child.signal("KILL", files.readPid().orElseThrow());
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (BrokerProcess.alive(files) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        // when: the next command needs it
        Settings settings = Settings.load(null, Map.of(), Map.of("data-dir", data.toString()));
        try (KafkaConnection kafka = KafkaConnection.open(settings)) {
            // then: it is back, on the same address, with every event
            assertThat(kafka.bootstrapServers()).isEqualTo(address);
            assertThat(
                            TopicEvents.of(TopicEvents.all(kafka), TrialTimed.class).stream()
                                    .filter(t -> t.getPhase().equals("measured")))
                    .hasSize(4);
        }
    }

    @Test
    void idleBrokerStopsByItselfWhenAskedTo() throws Exception {
        // given
        Path data = tmp.resolve("data");
        assertThat(
                        Main.execute(
                                "broker",
                                "start",
                                "--data-dir",
                                data.toString(),
                                "--set",
                                "broker.idle-stop-seconds=2"))
                .isZero();
        BrokerFiles files = BrokerFiles.of(data.resolve("kafka"));
        Settings settings = Settings.load(null, Map.of(), Map.of("data-dir", data.toString()));
        // when: a command holds it longer than the idle time
        try (KafkaConnection kafka = KafkaConnection.open(settings)) {
            Thread.sleep(4000);
            // then: still running while in use
            assertThat(BrokerProcess.alive(files)).isTrue();
        }
        // and gone a little after the last command left
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (BrokerProcess.alive(files) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(BrokerProcess.alive(files)).isFalse();
        assertThat(Files.exists(files.address())).isFalse();
    }

    @Test
    void brokerStartedFromTheJarRunsOnWhenABuildRewritesTheJarInPlace() throws Exception {
        // given: a broker started by the application jar, as the launcher script runs it
        Path built = Path.of("target", "storagebench.jar").toAbsolutePath();
        Path thin = Path.of("target", "storagebench.jar.original").toAbsolutePath();
        Assumptions.assumeTrue(
                Files.exists(built) && Files.exists(thin), "the application jar is built");
        Path jar = tmp.resolve("app").resolve("storagebench.jar");
        Files.createDirectories(jar.getParent());
        Files.copy(built, jar);
        Path data = tmp.resolve("data");
        // and the copy of the jar an earlier version kept in the data directory
        Path legacy = data.resolve("kafka").resolve("app").resolve("storagebench-1-1.jar");
        Files.createDirectories(legacy.getParent());
        Files.write(legacy, new byte[] {1});
        Path cache = tmp.resolve("cache");
        ProcessBuilder builder =
                new ProcessBuilder(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-jar",
                                jar.toString(),
                                "broker",
                                "start",
                                "--data-dir",
                                data.toString())
                        .redirectErrorStream(true)
                        .redirectOutput(tmp.resolve("start.out").toFile());
        builder.environment().put("STORAGEBENCH_CACHE_DIR", cache.toString());
        Process start = builder.start();
        assertThat(start.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(start.exitValue()).as(Files.readString(tmp.resolve("start.out"))).isZero();
        BrokerFiles files = BrokerFiles.of(data.resolve("kafka"));
        long pid = files.readPid().orElseThrow();
        try {
            // when: a build writes another jar into the same file, as Maven's jar step does
            try (var out =
                    Files.newOutputStream(
                            jar, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                Files.copy(thin, out);
            }
            // then: the broker, running from the build's copy in the cache, serves the next command
            // whole
            assertThat(
                            Main.execute(
                                    "run",
                                    Experiments.quick(tmp, "rebuilt", 2).toString(),
                                    "--data-dir",
                                    data.toString(),
                                    "--no-sink"))
                    .isZero();
            assertThat(files.readPid()).contains(pid);
            assertThat(Files.readString(files.output())).doesNotContain("NoClassDefFoundError");
            // and the copy is the cache's one, held by the broker, none in the data directory
            List<Path> jars;
            try (var copies = Files.list(cache.resolve("app"))) {
                jars = copies.filter(p -> p.getFileName().toString().endsWith(".jar")).toList();
            }
            assertThat(jars).hasSize(1);
            Path copy = jars.get(0);
            assertThat(copy.getFileName().toString()).startsWith("storagebench-");
            assertThat(Files.size(copy)).isEqualTo(Files.size(built));
            assertThat(data.resolve("kafka").resolve("app")).doesNotExist();
            assertThat(ProcessLock.tryTake(copy.resolveSibling(copy.getFileName() + ".lock")))
                    .isEmpty();
        } finally {
            BrokerProcess.stop(files, Duration.ofSeconds(30));
        }
    }
}
