package storagebench.broker;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;
import org.apache.kafka.common.Uuid;
import storagebench.DurableFiles;

/**
 * The nodes of a local KRaft cluster, fixed once in {@code cluster.properties}: one cluster id every
 * node's log is formatted with, and per node its id, sites and ports, so a node restarted after a kill
 * comes back where the others and the clients look for it.
 *
 * @param clusterId the id of the cluster
 * @param nodes its nodes, ids 1 … N
 */
public record ClusterLayout(String clusterId, List<Node> nodes) {
    /**
     * One node.
     *
     * @param id its node id
     * @param site where it lives
     * @param clientPort its client listener's port
     * @param peerPort its inter-broker listener's port
     * @param controllerPort its controller listener's port
     */
    public record Node(int id, NodeSite site, int clientPort, int peerPort, int controllerPort) {
        public String clientAddress() {
            return site.clientHost() + ":" + clientPort;
        }
    }

    private static final String CLIENT = "CLIENT";
    private static final String INTERNAL = "INTERNAL";

    /** A new layout, one node per site, on ports free on loopback now. */
    static ClusterLayout choose(List<NodeSite> sites) throws IOException {
        List<Node> nodes = new ArrayList<>();
        List<Integer> ports = LoopbackPorts.free(3 * sites.size());
        for (int i = 0; i < sites.size(); i++) {
            nodes.add(
                    new Node(
                            i + 1,
                            sites.get(i),
                            ports.get(3 * i),
                            ports.get(3 * i + 1),
                            ports.get(3 * i + 2)));
        }
        return new ClusterLayout(Uuid.randomUuid().toString(), List.copyOf(nodes));
    }

    public String bootstrapServers() {
        return nodes.stream().map(Node::clientAddress).collect(Collectors.joining(","));
    }

    public Node node(int id) {
        return nodes.stream()
                .filter(n -> n.id() == id)
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no node " + id));
    }

    /**
     * The Kafka properties of node {@code id}: clients on its client address, replication and the
     * controller quorum (every node a voter) on its peer address, internal topics replicated as the
     * cluster's size allows.
     */
    NodeProperties properties(int id) {
        Node node = node(id);
        String peer = node.site().peerHost();
        Properties p = new Properties();
        p.put("process.roles", "broker,controller");
        p.put("node.id", String.valueOf(id));
        p.put(
                "controller.quorum.voters",
                nodes.stream()
                        .map(n -> n.id() + "@" + n.site().peerHost() + ":" + n.controllerPort())
                        .collect(Collectors.joining(",")));
        String client = CLIENT + "://" + node.clientAddress();
        String internal = INTERNAL + "://" + peer + ":" + node.peerPort();
        p.put(
                "listeners",
                client
                        + ","
                        + internal
                        + ","
                        + NodeProperties.CONTROLLER
                        + "://"
                        + peer
                        + ":"
                        + node.controllerPort());
        p.put("advertised.listeners", client + "," + internal);
        p.put(
                "listener.security.protocol.map",
                CLIENT
                        + ":PLAINTEXT,"
                        + INTERNAL
                        + ":PLAINTEXT,"
                        + NodeProperties.CONTROLLER
                        + ":PLAINTEXT");
        p.put("controller.listener.names", NodeProperties.CONTROLLER);
        p.put("inter.broker.listener.name", INTERNAL);
        NodeProperties.internalTopics(p, nodes.size());
        return new NodeProperties(p, clusterId, node.clientAddress());
    }

    static Optional<ClusterLayout> read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties p = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            p.load(reader);
        }
        try {
            int size = Integer.parseInt(p.getProperty("nodes"));
            List<Node> nodes = new ArrayList<>();
            for (int id = 1; id <= size; id++) {
                String prefix = "node." + id + ".";
                String wrapper = p.getProperty(prefix + "wrapper", "").strip();
                nodes.add(
                        new Node(
                                id,
                                new NodeSite(
                                        p.getProperty(prefix + "client-host"),
                                        p.getProperty(prefix + "peer-host"),
                                        wrapper.isEmpty()
                                                ? List.of()
                                                : Arrays.asList(wrapper.split("\\s+"))),
                                port(p, prefix + "client-port"),
                                port(p, prefix + "peer-port"),
                                port(p, prefix + "controller-port")));
            }
            return Optional.of(new ClusterLayout(p.getProperty("cluster.id"), List.copyOf(nodes)));
        } catch (RuntimeException e) {
            throw new IOException("cannot read the cluster's layout " + file + ": " + e, e);
        }
    }

    void write(Path file) throws IOException {
        Properties p = new Properties();
        p.put("cluster.id", clusterId);
        p.put("nodes", String.valueOf(nodes.size()));
        for (Node n : nodes) {
            String prefix = "node." + n.id() + ".";
            p.put(prefix + "client-host", n.site().clientHost());
            p.put(prefix + "peer-host", n.site().peerHost());
            p.put(prefix + "wrapper", String.join(" ", n.site().wrapper()));
            p.put(prefix + "client-port", String.valueOf(n.clientPort()));
            p.put(prefix + "peer-port", String.valueOf(n.peerPort()));
            p.put(prefix + "controller-port", String.valueOf(n.controllerPort()));
        }
        StringWriter text = new StringWriter();
        p.store(text, "a local Kafka cluster (storagebench broker cluster); its nodes in node-N/");
        DurableFiles.writeAtomically(file, text.toString());
    }

    private static int port(Properties p, String key) {
        return Integer.parseInt(p.getProperty(key).strip());
    }
}
