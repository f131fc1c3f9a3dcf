package storagebench.faults;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.utils.Utils;
import storagebench.broker.KafkaConnection;
import storagebench.broker.LocalCluster;
import storagebench.broker.NodeSite;
import storagebench.config.Settings;

/** A local cluster of three brokers for the cluster fault tests, and what they ask of it. */
final class TestCluster implements AutoCloseable {
    static final int BROKERS = 3;
    private static final Duration IN_SYNC = Duration.ofSeconds(180);
    private static final Pattern WAITED = Pattern.compile("publishing waited ([0-9.]+) s");

    private final LocalCluster cluster;

    private TestCluster(LocalCluster cluster) {
        this.cluster = cluster;
    }

    static TestCluster start(Path dir) {
        return start(dir, List.of(NodeSite.LOOPBACK, NodeSite.LOOPBACK, NodeSite.LOOPBACK));
    }

    static TestCluster start(Path dir, List<NodeSite> sites) {
        long began = System.nanoTime();
        LocalCluster cluster = LocalCluster.in(dir, sites).start();
        System.out.printf(
                Locale.ROOT,
                "cluster of %d brokers started in %.1f s: %s%n",
                sites.size(),
                (System.nanoTime() - began) / 1e9,
                cluster.bootstrapServers());
        return new TestCluster(cluster);
    }

    LocalCluster nodes() {
        return cluster;
    }

    String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    /** Every node running and every replica in sync: what each test starts from. */
    void allUp() {
        cluster.start();
        cluster.awaitInSync(IN_SYNC);
    }

    /** Starts the nodes again (on their ports and logs) and waits until every replica is in sync. */
    void restart(int... nodes) {
        cluster.start(nodes);
        cluster.awaitInSync(IN_SYNC);
    }

    /** The node that leads the partition of {@code topic} the run's events go to (they are keyed by run id). */
    int leaderOf(String topic, String runId) throws Exception {
        try (Admin admin = admin()) {
            TopicDescription description =
                    admin.describeTopics(List.of(topic))
                            .allTopicNames()
                            .get(10, TimeUnit.SECONDS)
                            .get(topic);
            // the producer's default partitioner: a key's murmur2 hash modulo the partitions
            int partition =
                    Utils.toPositive(Utils.murmur2(runId.getBytes(StandardCharsets.UTF_8)))
                            % description.partitions().size();
            TopicPartitionInfo info =
                    description.partitions().stream()
                            .filter(p -> p.partition() == partition)
                            .findFirst()
                            .orElseThrow();
            return info.leader().id();
        }
    }

    Admin admin() {
        return Admin.create(
                Map.of(
                        AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrapServers(),
                        AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
                        10_000,
                        AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                        10_000));
    }

    Settings settings(Path data) {
        return Counts.settings(data).withBootstrapServers(bootstrapServers());
    }

    KafkaConnection connect(Path data) {
        return KafkaConnection.open(settings(data));
    }

    /** The stalls a run logged ({@code publishing waited X s: …}), in seconds. */
    static List<Double> stalls(String output) {
        List<Double> stalls = new ArrayList<>();
        Matcher m = WAITED.matcher(output);
        while (m.find()) {
            stalls.add(Double.parseDouble(m.group(1)));
        }
        return stalls;
    }

    @Override
    public void close() {
        cluster.stop();
    }
}
