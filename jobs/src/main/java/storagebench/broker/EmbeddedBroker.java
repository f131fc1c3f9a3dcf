package storagebench.broker;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;

/**
 * A real KRaft broker (Kafka's own server classes), broker and controller in one, its log directory
 * kept on disk so events survive restarts; retention is unlimited. Either the data directory's
 * single broker on loopback, or one node of a local cluster ({@link NodeProperties}).
 */
public final class EmbeddedBroker implements AutoCloseable {
    private final KafkaRaftServer server;
    private final String bootstrapServers;

    private EmbeddedBroker(KafkaRaftServer server, String bootstrapServers) {
        this.server = server;
        this.bootstrapServers = bootstrapServers;
    }

    /** Starts a single broker on free ports. */
    public static EmbeddedBroker start(Path logDir) throws IOException {
        return start(logDir, NodeProperties.single(BrokerPorts.choose()));
    }

    /** Starts the node {@code node} describes, its log in {@code logDir} (formatted the first time). */
    static EmbeddedBroker start(Path logDir, NodeProperties node) throws IOException {
        Files.createDirectories(logDir);
        Properties props = common(logDir);
        props.putAll(node.kafka());
        KafkaConfig config = new KafkaConfig(props, false);
        format(logDir, config, node.clusterId());
        KafkaRaftServer server = new KafkaRaftServer(config, Time.SYSTEM);
        server.startup();
        return new EmbeddedBroker(server, node.clientAddress());
    }

    /** What every node shares, whatever its place in a cluster. */
    private static Properties common(Path logDir) {
        Properties props = new Properties();
        props.put("log.dirs", logDir.toAbsolutePath().toString());
        props.put("log.retention.ms", "-1");
        props.put("log.retention.bytes", "-1");
        props.put("num.partitions", "1");
        props.put("auto.create.topics.enable", "false");
        props.put("group.initial.rebalance.delay.ms", "0");
        // A transaction left open by a killed producer holds back what read_committed readers see
        // until the coordinator aborts it: look for those every second, not every ten.
        props.put("transaction.abort.timed.out.transaction.cleanup.interval.ms", "1000");
        // A trial's first produce often reaches the coordinator while the previous trial's
        // transaction is still writing its commit markers (CONCURRENT_TRANSACTIONS); the broker
        // retries it after 20 ms by default, more than a whole trial's overhead. The markers take
        // about a millisecond here.
        props.put("add.partitions.to.txn.retry.backoff.ms", "1");
        // The log cleaner's dedupe buffer is heap (128 MiB by default) and only serves the small
        // compacted internal topics here: keep the broker process small.
        props.put("log.cleaner.dedupe.buffer.size", String.valueOf(8 * 1024 * 1024));
        return props;
    }

    private static void format(Path logDir, KafkaConfig config, String clusterId)
            throws IOException {
        if (Files.exists(logDir.resolve("meta.properties"))) {
            return;
        }
        try {
            new Formatter()
                    .setNodeId(config.nodeId())
                    .setClusterId(clusterId)
                    .setControllerListenerName(NodeProperties.CONTROLLER)
                    .setMetadataLogDirectory(config.metadataLogDir())
                    .setDirectories(List.of(logDir.toAbsolutePath().toString()))
                    .setReleaseVersion(MetadataVersion.LATEST_PRODUCTION)
                    .setIgnoreFormatted(true)
                    .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
                    .run();
        } catch (Exception e) {
            throw new IOException(
                    "cannot format the broker's log directory " + logDir + ": " + e.getMessage(),
                    e);
        }
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    @Override
    public void close() {
        server.shutdown();
        server.awaitShutdown();
    }
}
