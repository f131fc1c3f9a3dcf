package storagebench.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.BrokerFiles;
import storagebench.broker.KafkaConnection;

/**
 * The fault campaign, repeated with random timing: each round runs 120 short trials with a sink beside
 * them, and at a random moment kills the runner, freezes it inside a transaction and kills it with its
 * broker, kills the broker alone, or sends SIGTERM; the sink is killed at another random moment.
 * Continued with {@code run --restart} until the run completes, every trial must be in the topic and
 * the dataset exactly once. Not part of the build's tests (minutes per round): run it with
 * {@code mvn -pl jobs -am verify -Dtest=None -Dit.test=SoakIT -Dsoak.rounds=20 -Dsurefire.failIfNoSpecifiedTests=false}
 * ({@code -Dsoak.seed=N} repeats a sequence); it prints one line per round and the totals.
 */
class SoakIT {
    private static final int PLANNED = 120;

    enum Fault {
        KILL_RUNNER,
        FREEZE_IN_TRANSACTION_KILL_WITH_BROKER,
        KILL_BROKER,
        SIGTERM_RUNNER
    }

    @TempDir Path tmp;

    @Test
    void everyTrialExactlyOnceWhateverDiesWhen() throws Exception {
        int rounds = Integer.getInteger("soak.rounds", 0);
        assumeTrue(rounds > 0, "the soak runs only when asked: -Dsoak.rounds=N");
        long seed = Long.getLong("soak.seed", System.nanoTime());
        Random random = new Random(seed);
        List<String> lines = new ArrayList<>();
        int restarts = 0;
        for (int round = 1; round <= rounds; round++) {
            Fault fault = Fault.values()[random.nextInt(Fault.values().length)];
            long started = System.nanoTime();
            int rounds0 = round(tmp.resolve("round-" + round), fault, random);
            restarts += rounds0;
            lines.add(
                    String.format(
                            "soak round %d: %s, %d restart(s), %d trials once in topic and dataset, %.0f s",
                            round, fault, rounds0, PLANNED, (System.nanoTime() - started) / 1e9));
            System.out.println(lines.get(lines.size() - 1));
        }
        System.out.printf(
                "soak (seed %d): %d rounds, %d restarts, %d planned trials, each exactly once in the topic"
                        + " and the dataset%n",
                seed, rounds, restarts, rounds * PLANNED);
    }

    /** One round; returns how many restarts it took. */
    private int round(Path dir, Fault fault, Random random) throws Exception {
        Path data = dir.resolve("data");
        Child run =
                Child.start(
                        dir,
                        "run",
                        "run",
                        Experiments.quick(dir, "soak", PLANNED / 2).toString(),
                        "--data-dir",
                        data.toString(),
                        "--no-sink",
                        "--set",
                        "kafka.grace-seconds=90");
        String runId = CommitWindowIT.awaitRunId(run, data);
        Child sink = Child.start(dir, "sink", "sink", "--data-dir", data.toString());
        SignalIT.awaitOutput(run, "trial " + (1 + random.nextInt(PLANNED - 20)) + "/" + PLANNED);
        BrokerFiles broker = BrokerFiles.of(data.resolve("kafka"));
        try (KafkaConnection kafka = KafkaConnection.open(Counts.settings(data))) {
            switch (fault) {
                case KILL_RUNNER -> run.kill();
                case FREEZE_IN_TRANSACTION_KILL_WITH_BROKER -> {
                    CommitWindowIT.freezeInsideTransaction(kafka, run, runId);
                    run.kill();
                    killBroker(broker);
                }
                case KILL_BROKER -> killBroker(broker);
                case SIGTERM_RUNNER -> run.terminate();
            }
        }
        Thread.sleep(random.nextInt(2000));
        sink.kill();
        int exit = run.waitFor(300);
        int restarts = 0;
        while (exit != 0) {
            assertThat(restarts)
                    .as("restarts of %s (%s): %s", runId, fault, run.output())
                    .isLessThan(3);
            restarts++;
            run =
                    Child.start(
                            dir,
                            "restart-" + restarts,
                            "run",
                            "--restart",
                            runId,
                            "--data-dir",
                            data.toString(),
                            "--no-sink");
            exit = run.waitFor(300);
        }
        try (KafkaConnection kafka = KafkaConnection.open(Counts.settings(data))) {
            Counts.exactlyOnceInTopic(kafka, runId, PLANNED);
            Counts.exactlyOnceInDataset(kafka, data, runId, PLANNED);
        }
        return restarts;
    }

    private static void killBroker(BrokerFiles broker) throws Exception {
        long pid = broker.readPid().orElseThrow();
        Child.signal("KILL", pid);
        ProcessHandle.of(pid).ifPresent(p -> p.onExit().join());
    }
}
