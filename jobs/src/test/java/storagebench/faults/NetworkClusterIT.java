package storagebench.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.ClusterNeeds;
import storagebench.broker.KafkaConnection;
import storagebench.require.Requirement;

/**
 * A cluster of three brokers, each in a network namespace of its own ({@link NetworkNamespaces}),
 * under network faults a kill cannot make: a broker cut off from its peers but not from the run, and
 * a slow link. Each run ends with every planned trial exactly once in the topic and the dataset.
 */
class NetworkClusterIT {
    private static final String TOPIC = "storagebench.events";

    @TempDir static Path shared;
    private static NetworkNamespaces net;
    private static TestCluster cluster;

    @TempDir Path tmp;

    @BeforeAll
    static void startCluster() throws Exception {
        Optional<String> cannot = ClusterNeeds.missing();
        if (cannot.isPresent()) {
            throw Requirement.CLUSTER.missing(cannot.get());
        }
        Optional<String> noNamespaces = NetworkNamespaces.cannotMake();
        if (noNamespaces.isPresent()) {
            throw Requirement.NETNS.missing(noNamespaces.get());
        }
        net = NetworkNamespaces.create(TestCluster.BROKERS);
        cluster = TestCluster.start(shared.resolve("cluster"), net.sites());
    }

    @AfterAll
    static void removeCluster() {
        try {
            if (cluster != null) {
                cluster.close();
            }
        } finally {
            if (net != null) {
                net.close();
            }
        }
    }

    @BeforeEach
    void healthy() throws Exception {
        net.heal();
        cluster.allUp();
    }

    @Test
    void leaderCutOffFromItsPeersButNotFromTheRunIsReplacedAndTheRunGoesOn() throws Exception {
        // given: a run of 200 trials of half a second on the cluster
        Path data = tmp.resolve("data");
        Path fast = tmp.resolve("fast");
        Child run = runOn(data, Experiments.paced(tmp, "cut-off", 100, 500, fast));
        String runId = CommitWindowIT.awaitRunId(run, data);
        SignalIT.awaitOutput(run, "trial 3/200");
        // when: the leader of its partition loses its peer link (replication, the controller
        // quorum), not its client link
        int leader = cluster.leaderOf(TOPIC, runId);
        net.cutFromPeers(leader);
        // then: the others elect a new leader and the run goes on; the link back, it catches up
        SignalIT.awaitOutput(run, "publishing waited");
        net.rejoinPeers(leader);
        cluster.allUp();
        Files.createFile(fast);
        assertThat(run.waitFor(600)).as(run.output()).isZero();
        System.out.println("cut off broker " + leader + ", stalls: " + stallLines(run));
        assertThat(run.output())
                .contains("broker " + leader + " (")
                .contains("was lost; broker ")
                .doesNotContain("\tat ");
        try (KafkaConnection kafka = cluster.connect(data)) {
            Counts.exactlyOnceInTopic(kafka, runId, 200);
            Counts.exactlyOnceInDataset(kafka, data, runId, 200);
        }
    }

    @Test
    void runCompletesOnceOverASlowLinkToItsLeader() throws Exception {
        // given: the client link of the leader of the run's partition limited to 16 kbit/s (a
        // trial's publish is about a kilobyte)
        Path data = tmp.resolve("data");
        Path fast = tmp.resolve("fast");
        Child run = runOn(data, Experiments.paced(tmp, "slow-link", 20, 100, fast));
        String runId = CommitWindowIT.awaitRunId(run, data);
        int leader = cluster.leaderOf(TOPIC, runId);
        net.slowClientLink(leader, "16kbit");
        // when / then: it completes, each trial once, and the limit held its traffic back
        assertThat(run.waitFor(600)).as(run.output()).isZero();
        String stats = net.clientLinkStats(leader);
        System.out.println(
                "slow link to broker " + leader + " (" + stats + "), stalls: " + stallLines(run));
        assertThat(stats).doesNotContain("overlimits 0 ");
        net.heal();
        try (KafkaConnection kafka = cluster.connect(data)) {
            Counts.exactlyOnceInTopic(kafka, runId, 40);
            Counts.exactlyOnceInDataset(kafka, data, runId, 40);
        }
    }

    private Child runOn(Path data, Path experiment) throws Exception {
        return Child.start(
                tmp,
                "run",
                "run",
                experiment.toString(),
                "--data-dir",
                data.toString(),
                "--bootstrap-servers",
                cluster.bootstrapServers(),
                "--no-sink");
    }

    private static String stallLines(Child run) {
        return String.join(
                " | ", run.output().lines().filter(l -> l.contains("publishing waited")).toList());
    }
}
