package storagebench.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.BrokerFiles;
import storagebench.broker.BrokerProcess;
import storagebench.broker.KafkaConnection;

/**
 * A trial's commit runs beside the next trial's set-up, never beside its measured phase: with the
 * broker frozen (SIGSTOP) while trial 2's commit is under way, trial 3 is set up and then waits; its
 * measured phase runs only once the broker is back (SIGCONT) and trial 2 is on the topic.
 */
class CommitOverlapIT {
    @TempDir Path tmp;

    @Test
    void theNextTrialIsSetUpDuringACommitButMeasuredOnlyAfterIt() throws Exception {
        // given: a broker process of the test's own, and trials whose set-up and measured phase
        // each
        // write a line; the measured phase freezes the broker when the test asks it to
        BrokerFiles brokerFiles = BrokerFiles.of(tmp.resolve("cluster").resolve("kafka"));
        String address = BrokerProcess.ensure(brokerFiles, Duration.ZERO);
        long broker = brokerFiles.readPid().orElseThrow();
        Path log = tmp.resolve("phases.log");
        Path freeze = tmp.resolve("freeze");
        Path yaml = tmp.resolve("overlap.yaml");
        Files.writeString(
                yaml,
                """
                experiment: overlap
                target: {kind: local}
                workload:
                  type: command
                  shell: true
                  setup: "sleep 0.3; echo setup >> '%1$s'"
                  command: "echo measured >> '%1$s'; if [ -f '%2$s' ]; then rm '%2$s'; kill -STOP %3$d; fi"
                repetitions: 4
                warmups: 0
                """
                        .formatted(log, freeze, broker));
        Path data = tmp.resolve("data");
        try {
            Child run =
                    Child.start(
                            tmp,
                            "run",
                            "run",
                            yaml.toString(),
                            "--data-dir",
                            data.toString(),
                            "--bootstrap-servers",
                            address,
                            "--set",
                            "kafka.grace-seconds=120",
                            "--no-sink");
            // when: after trial 1, trial 2's measured phase freezes the broker (its commit hangs)
            SignalIT.awaitOutput(run, "trial 1/4");
            Files.writeString(freeze, "");
            // then: trial 3 is set up meanwhile, and waits
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (count(log, "setup") < 3 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(count(log, "setup")).as(run.output()).isEqualTo(3);
            Thread.sleep(1_500);
            assertThat(Files.readAllLines(log))
                    .as("no measured phase while trial 2's commit is held")
                    .containsExactly("setup", "measured", "setup", "measured", "setup");
            // when: the broker is back
            Child.signal("CONT", broker);
            // then: the run completes, each phase in turn, each trial once on the topic
            assertThat(run.waitFor(120)).as(run.output()).isZero();
            assertThat(Files.readAllLines(log))
                    .containsExactlyElementsOf(
                            Collections.nCopies(4, List.of("setup", "measured")).stream()
                                    .flatMap(List::stream)
                                    .toList());
            assertThat(run.output()).doesNotContain("\tat ");
            String runId = Counts.runs(data).get(0);
            try (KafkaConnection kafka =
                    KafkaConnection.open(Counts.settings(data).withBootstrapServers(address))) {
                Counts.exactlyOnceInTopic(kafka, runId, 4);
            }
        } finally {
            Child.signal("CONT", broker);
            BrokerProcess.stop(brokerFiles, Duration.ofSeconds(30));
        }
    }

    private static long count(Path log, String line) throws Exception {
        return Files.exists(log)
                ? Files.readAllLines(log).stream().filter(line::equals).count()
                : 0;
    }
}
