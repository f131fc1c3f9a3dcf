package storagebench.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.BrokerFiles;
import storagebench.broker.BrokerProcess;
import storagebench.broker.KafkaConnection;
import storagebench.cli.Main;
import storagebench.events.RunFinished;
import storagebench.events.RunStarted;
import storagebench.events.RunStatus;
import storagebench.runner.TopicEvents;

/**
 * The broker lost while a run is being continued: killed at five seeded random moments of a {@code
 * run --restart}'s own recovery, and kept down for longer than {@code kafka.grace-seconds}. Each
 * attempt ends FAILED with one line that names the broker and the command that continues the run;
 * once the broker is back, every attempt of the run has exactly one RunFinished, and the run's trials
 * are each in the topic and the dataset once.
 */
class RestartBrokerLossIT {
    @TempDir Path tmp;

    @Test
    void everyAttemptEndsWithOneRunFinishedWhateverTheBrokerDoes() throws Exception {
        long seed = Long.getLong("crash.seed", System.nanoTime());
        System.out.println("crash.seed=" + seed);
        Random random = new Random(seed);
        // given: a broker of its own, and a run killed part way
        BrokerFiles brokerFiles = BrokerFiles.of(tmp.resolve("cluster").resolve("kafka"));
        String address = BrokerProcess.ensure(brokerFiles, Duration.ZERO);
        Path data = tmp.resolve("data");
        Path config = Experiments.slow(tmp, "restarted", 10, 300);
        Child first = Child.start(tmp, "first", run(address, "run", config.toString()));
        SignalIT.awaitOutput(first, "trial 4/20");
        first.kill();
        String runId = Counts.runs(data).get(0);
        // when: five restarts, each losing the broker at a random moment of its recovery
        for (int i = 0; i < 5; i++) {
            // the first before it reaches the broker, the others once the run is under way (its
            // history read, earlier attempts ended, RunStarted, the first trials)
            long delay = random.nextInt(i == 0 ? 2_500 : 1_200);
            Child restart = Child.start(tmp, "restart-" + i, run(address, "--restart", runId));
            if (i > 0) {
                SignalIT.awaitOutput(restart, "run " + runId + ": experiment");
            }
            Thread.sleep(delay);
            brokerFiles.readPid().ifPresent(pid -> kill(pid));
            int exit = restart.waitFor(120);
            System.out.printf("restart %d, broker killed after %d ms: exit %d%n", i, delay, exit);
            // then: it ended, and if it failed, in one line that says why and what to do next
            assertThat(restart.output()).doesNotContain("\tat ").doesNotContain("Exception");
            if (exit != 0) {
                assertThat(exit).as(restart.output()).isEqualTo(Main.FAILED);
                assertThat(restart.output())
                        .containsAnyOf("did not answer", "does not answer", "cannot reach")
                        .contains("storagebench run --restart " + runId);
            }
            BrokerProcess.ensure(brokerFiles, Duration.ZERO);
            if (exit == 0) {
                break;
            }
        }
        // and: with the broker kept down past the grace period, the same
        brokerFiles.readPid().ifPresent(pid -> kill(pid));
        Child down = Child.start(tmp, "down", run(address, "--restart", runId));
        int downExit = down.waitFor(120);
        String downOutput = down.output();
        BrokerProcess.ensure(brokerFiles, Duration.ZERO);
        // and: the last restart, with the broker back, completes the run
        assertThat(Main.execute(run(address, "--restart", runId))).isZero();
        try (KafkaConnection kafka =
                KafkaConnection.open(Counts.settings(data).withBootstrapServers(address))) {
            List<SpecificRecord> events = TopicEvents.all(kafka);
            Map<Integer, Long> starts =
                    TopicEvents.of(events, RunStarted.class).stream()
                            .filter(e -> e.getRunId().equals(runId))
                            .collect(
                                    Collectors.groupingBy(
                                            RunStarted::getAttempt,
                                            TreeMap::new,
                                            Collectors.counting()));
            Map<Integer, Long> finishes =
                    TopicEvents.of(events, RunFinished.class).stream()
                            .filter(e -> e.getRunId().equals(runId))
                            .collect(
                                    Collectors.groupingBy(
                                            RunFinished::getAttempt,
                                            TreeMap::new,
                                            Collectors.counting()));
            assertThat(downExit).as(downOutput).isEqualTo(Main.FAILED);
            assertThat(downOutput)
                    .containsAnyOf("did not answer", "does not answer", "cannot reach")
                    .contains("storagebench run --restart " + runId)
                    .doesNotContain("\tat ");
            // every attempt that started has one end, and only the last one completed
            assertThat(finishes).as("RunFinished per attempt").isEqualTo(starts);
            assertThat(
                            TopicEvents.of(events, RunFinished.class).stream()
                                    .filter(e -> e.getRunId().equals(runId))
                                    .filter(e -> e.getStatus() == RunStatus.COMPLETED)
                                    .count())
                    .isEqualTo(1);
            Counts.exactlyOnceInTopic(kafka, runId, 20);
            Counts.exactlyOnceInDataset(kafka, data, runId, 20);
        }
    }

    private String[] run(String address, String... args) {
        List<String> all = new java.util.ArrayList<>(List.of(args));
        all.addAll(
                List.of(
                        "--data-dir",
                        tmp.resolve("data").toString(),
                        "--bootstrap-servers",
                        address,
                        "--set",
                        "kafka.grace-seconds=5",
                        "--no-sink"));
        if (!all.get(0).equals("run")) {
            all.add(0, "run");
        }
        return all.toArray(String[]::new);
    }

    private static void kill(long pid) {
        try {
            Child.signal("KILL", pid);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
