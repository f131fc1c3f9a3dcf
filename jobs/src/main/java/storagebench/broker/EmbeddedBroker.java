package storagebench.broker;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
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
        return start(logDir, NodeProperties.single(new BrokerPorts(freePort(), freePort())));
    }

    /** Starts the node {@code node} describes, its log in {@code logDir} (formatted the first time). */
    static EmbeddedBroker start(Path logDir, NodeProperties node) throws IOException {
        Files.createDirectories(logDir);
        Properties props = common(logDir);
        props.putAll(node.kafka());
        KafkaConfig config = new KafkaConfig(props, false);
        boolean unclean = killed(logDir);
        format(logDir, config, node.clusterId());
        if (unclean && soleVoter(props)) {
            fenceKilledIncarnation(props);
        }
        KafkaRaftServer server = new KafkaRaftServer(config, Time.SYSTEM);
        server.startup();
        return new EmbeddedBroker(server, node.clientAddress());
    }

    /**
     * Whether the node's last process ended without shutting down (SIGKILL, a crash): its log folder
     * holds metadata but not the file Kafka writes on a clean shutdown.
     */
    static boolean killed(Path logDir) {
        return Files.isDirectory(logDir.resolve("__cluster_metadata-0"))
                && !Files.exists(logDir.resolve(CLEAN_SHUTDOWN_FILE));
    }

    /** The file a Kafka broker leaves in its log folder when it shut down cleanly. */
    static final String CLEAN_SHUTDOWN_FILE = ".kafka_cleanshutdown";

    /** A single node, its own and only controller: no other node can fence its killed incarnation. */
    private static boolean soleVoter(Properties props) {
        return props.getProperty("process.roles", "").contains("broker")
                && !props.getProperty("controller.quorum.voters", "").contains(",");
    }

    /**
     * How long the controller-only start after a kill gives its killed broker incarnation's session
     * (Kafka's default: 9 s); a heartbeat interval below it, as Kafka requires.
     */
    static final Duration FENCE_SESSION = Duration.ofSeconds(1);

    /**
     * After a kill, starts the node as its controller alone until the controller has fenced the killed
     * broker incarnation, so that the broker starts with its partitions leaderless instead of leading
     * them from the killed incarnation's registration.
     *
     * <p>Why: a single node restarted as broker and controller at once leads its partitions, and its
     * transaction coordinator starts completing the transactions it finds prepared (a commit
     * acknowledged to the producer, its markers not yet written when the process died), before its
     * controller fences the killed incarnation (broker.session.timeout.ms later). That fencing leaves the
     * partitions without a leader for a moment; Kafka's transaction marker channel takes a partition
     * without a leader for a deleted one, drops its marker and records the transaction complete. The
     * data stays in the partition as an open transaction of that producer id, and the next marker of
     * the producer there (an abort of its next transaction, e.g. one a new producer's
     * initTransactions aborts) ends it: a committed trial vanished from read_committed readers
     * (BrokerLossIT, once in CI). Fenced first, the broker leads its partitions only once registered
     * again, and the prepared transactions' markers are written.
     */
    private static void fenceKilledIncarnation(Properties props) {
        String voter = props.getProperty("controller.quorum.voters");
        String controller = voter.substring(voter.indexOf('@') + 1);
        Properties c = new Properties();
        c.putAll(props);
        c.put("process.roles", "controller");
        c.put("listeners", NodeProperties.CONTROLLER + "://" + controller);
        c.put("listener.security.protocol.map", NodeProperties.CONTROLLER + ":PLAINTEXT");
        c.remove("advertised.listeners");
        c.remove("inter.broker.listener.name");
        c.put("broker.heartbeat.interval.ms", String.valueOf(FENCE_SESSION.toMillis() / 4));
        c.put("broker.session.timeout.ms", String.valueOf(FENCE_SESSION.toMillis()));
        KafkaRaftServer server = new KafkaRaftServer(new KafkaConfig(c, false), Time.SYSTEM);
        server.startup();
        try (Admin admin =
                Admin.create(
                        Map.of(
                                AdminClientConfig.BOOTSTRAP_CONTROLLERS_CONFIG,
                                controller,
                                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
                                5000,
                                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                                5000))) {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (System.nanoTime() < deadline) {
                try {
                    if (admin.describeMetadataQuorum().quorumInfo().get().leaderId() >= 0) {
                        break;
                    }
                } catch (ExecutionException e) {
                    // not answering yet
                }
                Thread.sleep(100);
            }
            // active, it fences a broker whose session ran out (checked every session / 8)
            Thread.sleep(FENCE_SESSION.toMillis() * 3);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            server.shutdown();
            server.awaitShutdown();
        }
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

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
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
