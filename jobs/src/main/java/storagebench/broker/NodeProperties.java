package storagebench.broker;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.common.Uuid;
import storagebench.DurableFiles;

/**
 * What makes a broker process one node: its own Kafka properties (node id, listeners, the controller
 * quorum, the internal topics' replication), the id of the cluster its log directory is formatted
 * for, and the address clients reach it at. The embedded broker's are made from its ports; a cluster
 * node's are written by {@link ClusterLayout} to {@code node.properties} in the node's folder.
 *
 * @param kafka the node's Kafka properties, laid over {@link EmbeddedBroker}'s common ones
 * @param clusterId the id its log directory is formatted with (only used the first time)
 * @param clientAddress {@code host:port} of its client listener
 */
record NodeProperties(Properties kafka, String clusterId, String clientAddress) {
    static final String CONTROLLER = "CONTROLLER";
    private static final String CLUSTER_ID = "storagebench.cluster.id";
    private static final String CLIENT_ADDRESS = "storagebench.client.address";

    /** The embedded broker: one node, broker and controller, everything on loopback. */
    static NodeProperties single(BrokerPorts ports) {
        Properties p = new Properties();
        String broker = "127.0.0.1:" + ports.broker();
        String controller = "127.0.0.1:" + ports.controller();
        p.put("process.roles", "broker,controller");
        p.put("node.id", "1");
        p.put("controller.quorum.voters", "1@" + controller);
        p.put("listeners", "PLAINTEXT://" + broker + "," + CONTROLLER + "://" + controller);
        p.put("advertised.listeners", "PLAINTEXT://" + broker);
        p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT," + CONTROLLER + ":PLAINTEXT");
        p.put("controller.listener.names", CONTROLLER);
        p.put("inter.broker.listener.name", "PLAINTEXT");
        internalTopics(p, 1);
        return new NodeProperties(p, Uuid.randomUuid().toString(), broker);
    }

    /**
     * Replication of the offsets, transaction and share-coordinator topics on {@code brokers} nodes:
     * three copies where there are three, and a transaction's state written to two before it counts.
     */
    static void internalTopics(Properties p, int brokers) {
        String replicas = String.valueOf(Math.min(3, brokers));
        String minIsr = String.valueOf(Math.min(2, brokers));
        // one partition serves a single broker; a cluster spreads its coordinators over its nodes
        String partitions = brokers == 1 ? "1" : "6";
        p.put("offsets.topic.num.partitions", partitions);
        p.put("transaction.state.log.num.partitions", partitions);
        p.put("offsets.topic.replication.factor", replicas);
        p.put("transaction.state.log.replication.factor", replicas);
        p.put("transaction.state.log.min.isr", minIsr);
        p.put("share.coordinator.state.topic.replication.factor", replicas);
        p.put("share.coordinator.state.topic.min.isr", minIsr);
    }

    /** The node's properties in {@code file}, when there is one (a cluster node's folder). */
    static Optional<NodeProperties> read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties p = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            p.load(reader);
        }
        String clusterId = (String) p.remove(CLUSTER_ID);
        String address = (String) p.remove(CLIENT_ADDRESS);
        if (clusterId == null || address == null) {
            throw new IOException(file + " lacks " + CLUSTER_ID + " or " + CLIENT_ADDRESS);
        }
        return Optional.of(new NodeProperties(p, clusterId, address));
    }

    void write(Path file) throws IOException {
        Properties p = new Properties();
        p.putAll(kafka);
        p.put(CLUSTER_ID, clusterId);
        p.put(CLIENT_ADDRESS, clientAddress);
        StringWriter text = new StringWriter();
        p.store(text, "one node of a local cluster (storagebench broker cluster)");
        DurableFiles.writeAtomically(file, text.toString());
    }
}
