package storagebench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import storagebench.broker.KafkaConnection;
import storagebench.cli.Main;
import storagebench.config.Settings;
import storagebench.events.RunFinished;
import storagebench.events.RunStarted;
import storagebench.events.RunStatus;
import storagebench.events.TrialTimed;
import storagebench.sink.Dataset;
import storagebench.sink.Sink;
import storagebench.sink.Views;

/** A run killed with SIGKILL mid-way and continued with --restart has every trial exactly once. */
class RunRestartIT {
    @TempDir Path tmp;

    /** @param partitions the topic's partitions (the run's events are on one of them) */
    @ParameterizedTest(name = "{0} partition(s)")
    @ValueSource(ints = {1, 6})
    void killedRunContinuesWithEachTrialExactlyOnce(int partitions) throws Exception {
        // given: a broker of the test, and a run in a child process that will be killed
        Path data = tmp.resolve("data");
        Path yaml = tmp.resolve("slow.yaml");
        Path fast = tmp.resolve("fast");
        Files.writeString(
                yaml,
                """
                experiment: restart-check
                target: {kind: local}
                workload: {type: command, shell: true, command: "test -f '%s' || sleep 0.3"}
                factors:
                  v: [a, b]
                repetitions: 8
                warmups: 1
                """
                        .formatted(fast));
        Settings brokerSettings =
                Settings.load(
                        null,
                        Map.of(),
                        Map.of(
                                "data-dir",
                                tmp.resolve("broker").toString(),
                                "kafka.partitions",
                                String.valueOf(partitions)));
        try (KafkaConnection kafka = KafkaConnection.open(brokerSettings)) {
            String servers = kafka.bootstrapServers();
            assertThat(TopicEvents.partitions(kafka)).isEqualTo(partitions);
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
            // when: killed once a few trials are in the topic
            long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
            while (TopicEvents.of(TopicEvents.all(kafka), TrialTimed.class).size() < 3) {
                assertThat(child.isAlive()).as("child still running; log: %s", log()).isTrue();
                assertThat(System.nanoTime()).as("trials appear in time").isLessThan(deadline);
                Thread.sleep(100);
            }
            child.destroyForcibly().waitFor();
            // the rest may go fast: trials of 0.3 s until the kill, so it lands mid-run on a busy
            // machine too
            Files.createFile(fast);
            int beforeRestart = TopicEvents.of(TopicEvents.all(kafka), TrialTimed.class).size();
            String runId = onlyRun(data);
            // the topic alone decides which trials are done: the run kept nothing else
            assertThat(data.resolve("job-repository")).doesNotExist();
            int exit =
                    Main.execute(
                            "run",
                            "--restart",
                            runId,
                            "--data-dir",
                            data.toString(),
                            "--bootstrap-servers",
                            servers,
                            "--no-sink");
            // then
            assertThat(exit).isZero();
            var events = TopicEvents.all(kafka);
            List<TrialTimed> trials =
                    TopicEvents.of(events, TrialTimed.class).stream()
                            .filter(t -> t.getPhase().equals("measured"))
                            .toList();
            assertThat(beforeRestart).isLessThan(18);
            assertThat(trials.stream().map(TrialTimed::getTrialIndex).sorted().toList())
                    .containsExactlyElementsOf(IntStream.range(0, 18).boxed().toList());
            assertThat(trials).allMatch(t -> t.getRunId().equals(runId));
            assertThat(TopicEvents.of(events, RunStarted.class))
                    .extracting(RunStarted::getAttempt)
                    .containsExactly(1, 2);
            // the killed attempt is ended by the restart (FAILED, its process killed), then the
            // restart's own
            List<RunFinished> finished = TopicEvents.of(events, RunFinished.class);
            assertThat(finished)
                    .extracting(RunFinished::getAttempt, RunFinished::getStatus)
                    .containsExactly(tuple(1, RunStatus.FAILED), tuple(2, RunStatus.COMPLETED));
            assertThat(finished.get(0).getError()).contains("its process was killed");
            assertThat(finished.get(1).getTrials()).isEqualTo(18);
            // and the dataset built from the topic has every trial exactly once
            Settings sinkSettings =
                    Settings.load(null, Map.of(), Map.of("data-dir", data.toString()));
            Sink.runUntilIdle(sinkSettings, kafka);
            Dataset dataset = new Dataset(sinkSettings.parquetDir());
            assertThat(
                            dataset.column(
                                    "trials",
                                    "trial_index FROM (SELECT * FROM read_parquet('"
                                            + sinkSettings.parquetDir().resolve("trials")
                                            + "/**/*.parquet', hive_partitioning = true)) WHERE "
                                            + "phase = 'measured' --"))
                    .hasSize(18)
                    .doesNotHaveDuplicates();
            assertThat(dataset.rows("trials")).isEqualTo(dataset.distinctEventIds("trials"));
            // and README's views count the run once, its two starts beside it
            assertThat(
                            Views.query(
                                    sinkSettings.parquetDir(),
                                    "SELECT (SELECT count(*) FROM runs) || '/' || (SELECT"
                                            + " count(*) FROM run_attempts) || '/' || (SELECT"
                                            + " max(attempts) FROM runs)"))
                    .isEqualTo("1/2/2");
            // and a completed run, asked to continue, is refused from what the topic says
            assertThat(
                            Main.execute(
                                    "run",
                                    "--restart",
                                    runId,
                                    "--data-dir",
                                    data.toString(),
                                    "--bootstrap-servers",
                                    servers,
                                    "--no-sink"))
                    .isEqualTo(Main.BAD_INPUT);
        }
    }

    private static void deleteTree(Path dir) throws Exception {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private String log() throws Exception {
        return Files.readString(tmp.resolve("child.log"));
    }

    private static String onlyRun(Path data) throws Exception {
        try (Stream<Path> runs = Files.list(data.resolve("runs"))) {
            List<Path> all = runs.toList();
            assertThat(all).hasSize(1);
            return all.get(0).getFileName().toString();
        }
    }

    static String classPath() {
        return System.getProperty("java.class.path")
                .replace(File.pathSeparator, File.pathSeparator);
    }
}
