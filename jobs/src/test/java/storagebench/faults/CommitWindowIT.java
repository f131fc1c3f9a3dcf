package storagebench.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.BrokerFiles;
import storagebench.broker.KafkaConnection;
import storagebench.cli.Main;
import storagebench.events.EventPublisher;

/**
 * Kills inside the commit window: a run is frozen (SIGSTOP) while its trial's transaction holds
 * written events and no commit marker, then killed (SIGKILL), with its broker. A restart must record
 * every planned trial exactly once, also when the job repository is gone and another run's dead
 * transaction holds back what readers see.
 */
class CommitWindowIT {
    private static final Set<TransactionState> WINDOW =
            Set.of(TransactionState.ONGOING, TransactionState.PREPARE_COMMIT);

    @TempDir Path tmp;

    @Test
    void runKilledInsideItsTransactionTogetherWithItsBrokerIsRestartedExactlyOnce()
            throws Exception {
        // given: a run of 200 short trials on the embedded broker
        Path data = tmp.resolve("data");
        Child run =
                Child.start(
                        tmp,
                        "run",
                        "run",
                        Experiments.quick(tmp, "window", 100).toString(),
                        "--data-dir",
                        data.toString(),
                        "--no-sink");
        String runId = awaitRunId(run, data);
        try (KafkaConnection kafka = KafkaConnection.open(Counts.settings(data))) {
            // when: some trials in, frozen with a trial's events written and not committed, then
            // killed, and the
            // broker killed too
            SignalIT.awaitOutput(run, "trial 30/200");
            freezeInsideTransaction(kafka, run, runId);
            run.kill();
            long broker = BrokerFiles.of(data.resolve("kafka")).readPid().orElseThrow();
            Child.signal("KILL", broker);
            ProcessHandle.of(broker).ifPresent(p -> p.onExit().join());
        }
        // then: the restart records every trial once
        assertThat(
                        Main.execute(
                                "run",
                                "--restart",
                                runId,
                                "--data-dir",
                                data.toString(),
                                "--no-sink"))
                .isZero();
        try (KafkaConnection kafka = KafkaConnection.open(Counts.settings(data))) {
            Counts.exactlyOnceInTopic(kafka, runId, 200);
            Counts.exactlyOnceInDataset(kafka, data, runId, 200);
        }
    }

    @Test
    void anotherRunsDeadTransactionDoesNotHideTrialsFromARestartWithoutJobRepository()
            throws Exception {
        // given: two runs on one data directory; A frozen inside a transaction and killed, its
        // transaction left open
        Path data = tmp.resolve("data");
        // trials of 50 ms until the restarts: A must still run once B has started (200 trials of a
        // few milliseconds each could all end before B's process had begun its run)
        Path fast = tmp.resolve("fast");
        Child a =
                Child.start(
                        tmp,
                        "a",
                        "run",
                        Experiments.paced(tmp, "run-a", 100, 50, fast).toString(),
                        "--data-dir",
                        data.toString(),
                        // the topic A creates has 6 partitions: the open transaction may hold back
                        // another partition than the one B's restart reads its trials from
                        "--set",
                        "kafka.partitions=6",
                        "--no-sink");
        String runA = awaitRunId(a, data);
        Child b =
                Child.start(
                        tmp,
                        "b",
                        "run",
                        Experiments.paced(tmp, "run-b", 100, 50, fast).toString(),
                        "--data-dir",
                        data.toString(),
                        "--no-sink");
        String runB = awaitOtherRunId(b, data, runA);
        try (KafkaConnection kafka = KafkaConnection.open(Counts.settings(data))) {
            // A frozen first, inside a transaction, while B goes on: a quick A could otherwise end
            // all its trials before B had run 20 on a busy machine (and B's trials after the freeze
            // are the ones A's open transaction holds back)
            freezeInsideTransaction(kafka, a, runA);
            SignalIT.awaitOutput(b, "trial 20/200");
            a.kill();
            // and B killed a little later
            Thread.sleep(300);
            b.kill();
        }
        // when: B is continued from the topic alone, while A's transaction is still open
        Files.createFile(fast);
        assertThat(
                        Main.execute(
                                "run",
                                "--restart",
                                runB,
                                "--data-dir",
                                data.toString(),
                                "--no-sink"))
                .isZero();
        assertThat(
                        Main.execute(
                                "run",
                                "--restart",
                                runA,
                                "--data-dir",
                                data.toString(),
                                "--no-sink"))
                .isZero();
        // then
        try (KafkaConnection kafka = KafkaConnection.open(Counts.settings(data))) {
            Counts.exactlyOnceInTopic(kafka, runB, 200);
            Counts.exactlyOnceInTopic(kafka, runA, 200);
            Counts.exactlyOnceInDataset(kafka, data, runB, 200);
            Counts.exactlyOnceInDataset(kafka, data, runA, 200);
        }
    }

    /**
     * SIGSTOPs {@code run} at a moment its transaction has events and no marker; tries again until it
     * lands. Each try freezes first and then asks the broker: a trial's transaction is open for a few
     * milliseconds only, less than asking the broker takes, and asking first and freezing only after
     * it had said yes once missed the window in every try of a whole run of 200 trials.
     */
    static void freezeInsideTransaction(KafkaConnection kafka, Child run, String runId)
            throws Exception {
        String id = EventPublisher.TRANSACTIONAL_ID_PREFIX + runId;
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        try (Admin admin = kafka.admin()) {
            for (int tries = 1; System.nanoTime() < deadline; tries++) {
                assertThat(run.alive()).as("run still going: %s", run.output()).isTrue();
                run.freeze();
                if (inWindow(admin, id)) {
                    System.out.printf(
                            "run %s frozen inside a transaction at try %d%n", runId, tries);
                    return;
                }
                run.thaw();
            }
        }
        throw new AssertionError("never caught run " + runId + " inside a transaction");
    }

    private static boolean inWindow(Admin admin, String transactionalId) throws Exception {
        TransactionDescription d =
                admin.describeTransactions(List.of(transactionalId))
                        .description(transactionalId)
                        .get(10, TimeUnit.SECONDS);
        return WINDOW.contains(d.state()) && !d.topicPartitions().isEmpty();
    }

    static String awaitRunId(Child run, Path data) throws Exception {
        return awaitOtherRunId(run, data, null);
    }

    static String awaitOtherRunId(Child run, Path data, String not) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (System.nanoTime() < deadline) {
            for (String id : Counts.runs(data)) {
                if (!id.equals(not) && run.output().contains("run " + id + ":")) {
                    return id;
                }
            }
            assertThat(run.alive()).as("run started: %s", run.output()).isTrue();
            Thread.sleep(50);
        }
        throw new AssertionError("no run id: " + run.output());
    }

    private static void deleteTree(Path dir) throws Exception {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
