package storagebench.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.ClusterNeeds;
import storagebench.broker.KafkaConnection;
import storagebench.cli.Main;
import storagebench.require.Requirement;

/**
 * A run on a cluster of three brokers (its topic: 6 partitions, replication factor 3,
 * min.insync.replicas 2) while brokers are lost: the leader of its partition killed again and again,
 * two of the three lost, every broker restarted in turn. Each ends with every planned trial exactly
 * once in the topic (read_committed) and in the dataset.
 */
class FailoverClusterIT {
    private static final String TOPIC = "storagebench.events";
    private static final int KILLS = 5;
    private static final Pattern TRIAL = Pattern.compile("trial (\\d+)/");

    @TempDir static Path shared;
    private static TestCluster cluster;

    @TempDir Path tmp;

    @BeforeAll
    static void startCluster() {
        Optional<String> cannot = ClusterNeeds.missing();
        if (cannot.isPresent()) {
            throw Requirement.CLUSTER.missing(cannot.get());
        }
        cluster = TestCluster.start(shared.resolve("cluster"));
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @BeforeEach
    void everyBrokerUp() {
        cluster.allUp();
    }

    @Test
    void runGoesOnWhenItsPartitionsLeaderIsKilledAtRandomPoints() throws Exception {
        // given: a run of 300 trials of half a second on the cluster
        long seed = Long.getLong("faults.seed", System.nanoTime());
        System.out.println("leader kills: seed " + seed + " (-Dfaults.seed=" + seed + " repeats)");
        Random random = new Random(seed);
        Path data = tmp.resolve("data");
        Path fast = tmp.resolve("fast");
        Child run = runOn(data, Experiments.paced(tmp, "leader-kills", 150, 500, fast));
        String runId = CommitWindowIT.awaitRunId(run, data);
        // when: five times, one to four trials on, at a random moment, the leader of the run's
        // partition killed (SIGKILL); once the run went on, the broker started again
        List<String> kills = new ArrayList<>();
        for (int k = 0; k < KILLS; k++) {
            int trial = lastTrial(run) + 1 + random.nextInt(4);
            SignalIT.awaitOutput(run, "trial " + trial + "/300");
            int delay = random.nextInt(500);
            Thread.sleep(delay);
            int leader = cluster.leaderOf(TOPIC, runId);
            cluster.nodes().kill(leader);
            kills.add("broker " + leader + " after trial " + trial + " + " + delay + " ms");
            SignalIT.awaitOutput(run, "trial " + (lastTrial(run) + 2) + "/300");
            cluster.restart(leader);
        }
        Files.createFile(fast);
        // then: the run completed, each stall said in one line and bounded by the grace period
        assertThat(run.waitFor(600)).as(run.output()).isZero();
        List<Double> stalls = TestCluster.stalls(run.output());
        System.out.println("killed: " + kills + "; stalls (s): " + stalls);
        assertThat(stalls).hasSizeGreaterThanOrEqualTo(KILLS).allMatch(s -> s < 30);
        assertThat(run.output()).contains("was lost; broker ").doesNotContain("\tat ");
        try (KafkaConnection kafka = cluster.connect(data)) {
            Counts.exactlyOnceInTopic(kafka, runId, 300);
            Counts.exactlyOnceInDataset(kafka, data, runId, 300);
        }
    }

    @Test
    void twoBrokersOfThreeLostStopTheRunSayingWhichAndARestartCompletesIt() throws Exception {
        // given: a run on the cluster that waits 10 s for a lost broker
        Path data = tmp.resolve("data");
        Child run =
                runOn(
                        data,
                        Experiments.slow(tmp, "two-lost", 20, 300),
                        "--set",
                        "kafka.grace-seconds=10");
        String runId = CommitWindowIT.awaitRunId(run, data);
        // when: the leader of its partition and one more broker are killed
        SignalIT.awaitOutput(run, "trial 5/40");
        int leader = cluster.leaderOf(TOPIC, runId);
        int other = leader % TestCluster.BROKERS + 1;
        cluster.nodes().kill(leader);
        cluster.nodes().kill(other);
        // then: it stops FAILED with one line naming both brokers and the command that continues it
        assertThat(run.waitFor(180)).as(run.output()).isEqualTo(Main.FAILED);
        String reason =
                run.output()
                        .lines()
                        .filter(l -> l.contains("did not complete"))
                        .findFirst()
                        .orElseThrow(() -> new AssertionError(run.output()));
        System.out.println("two of three lost: " + reason);
        assertThat(reason)
                .contains("did not answer for 10 s (kafka.grace-seconds)")
                .contains("cannot reach broker " + Math.min(leader, other) + " (")
                .contains("broker " + Math.max(leader, other) + " (")
                .endsWith("continue it with: storagebench run --restart " + runId);
        assertThat(run.output()).doesNotContain("\tat ").doesNotContain("Exception");
        // and once they are back, the restart records each trial once
        cluster.restart(leader, other);
        assertThat(
                        Main.execute(
                                "run",
                                "--restart",
                                runId,
                                "--data-dir",
                                data.toString(),
                                "--bootstrap-servers",
                                cluster.bootstrapServers(),
                                "--no-sink"))
                .isZero();
        try (KafkaConnection kafka = cluster.connect(data)) {
            Counts.exactlyOnceInTopic(kafka, runId, 40);
            Counts.exactlyOnceInDataset(kafka, data, runId, 40);
        }
    }

    @Test
    void rollingRestartOfEveryBrokerDuringARunLosesAndRepeatsNothing() throws Exception {
        // given: a run of 200 trials of half a second on the cluster
        Path data = tmp.resolve("data");
        Path fast = tmp.resolve("fast");
        Child run = runOn(data, Experiments.paced(tmp, "rolling", 100, 500, fast));
        String runId = CommitWindowIT.awaitRunId(run, data);
        SignalIT.awaitOutput(run, "trial 3/200");
        // when: each broker in turn stopped cleanly and started again, the next only once every
        // replica is back in sync
        for (int node : cluster.nodes().nodeIds()) {
            cluster.nodes().stop(node);
            cluster.restart(node);
        }
        Files.createFile(fast);
        // then
        assertThat(run.waitFor(600)).as(run.output()).isZero();
        System.out.println("rolling restart, stalls (s): " + TestCluster.stalls(run.output()));
        try (KafkaConnection kafka = cluster.connect(data)) {
            Counts.exactlyOnceInTopic(kafka, runId, 200);
            Counts.exactlyOnceInDataset(kafka, data, runId, 200);
        }
    }

    private Child runOn(Path data, Path experiment, String... more) throws Exception {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "run",
                                experiment.toString(),
                                "--data-dir",
                                data.toString(),
                                "--bootstrap-servers",
                                cluster.bootstrapServers(),
                                "--no-sink"));
        args.addAll(List.of(more));
        return Child.start(tmp, "run", args.toArray(String[]::new));
    }

    /** The last trial the run reported done (0 before the first). */
    private static int lastTrial(Child run) {
        Matcher m = TRIAL.matcher(run.output());
        int last = 0;
        while (m.find()) {
            last = Integer.parseInt(m.group(1));
        }
        return last;
    }
}
