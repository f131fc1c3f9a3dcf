package storagebench.faults;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import storagebench.broker.NodeSite;

/**
 * A network namespace per broker, made by the test and removed by it: each broker has a client link
 * (a veth pair to the root namespace, where the tests and commands run) and a peer link (a veth pair
 * into a bridge in a namespace of its own) that alone carries replication and the controller quorum.
 * The root namespace has no route to the peers' subnet, so taking a broker's peer link down cuts it
 * off from the other brokers and not from its clients. Addresses: client link {@code 10.B.i.2} (the
 * root side {@code 10.B.i.1}), peer link {@code 10.B.100.i}; {@code B} and the names come from this
 * JVM's pid, so two test JVMs do not collide.
 *
 * <p>{@link #forHosts} makes the simpler set of a fleet's hosts: a namespace per host with its client
 * link alone and a default route to the root side, so that a process inside reaches any address of
 * the root namespace's links (a broker or a forwarder listening on {@link #rootHost}) and nothing
 * else; the root namespace reaches it at its {@code 10.H.i.2}.
 */
public final class NetworkNamespaces implements AutoCloseable {
    private final String prefix;
    private final int subnet;
    private final int nodes;
    private final List<String> made = new ArrayList<>();
    private boolean peers = true;

    private NetworkNamespaces(int nodes, String kind, int subnets) {
        long pid = ProcessHandle.current().pid();
        this.prefix = kind + pid % 100_000;
        this.subnet = subnets + (int) (pid % 50);
        this.nodes = nodes;
    }

    /** Why namespaces cannot be made here (not root, no {@code ip netns}), if they cannot. */
    public static Optional<String> cannotMake() {
        if (!"root".equals(System.getProperty("user.name"))) {
            return Optional.of(
                    "network namespaces need root (running as "
                            + System.getProperty("user.name")
                            + ")");
        }
        String probe = "sb" + ProcessHandle.current().pid() % 100_000 + "probe";
        try {
            ip("netns", "add", probe);
            ip("netns", "del", probe);
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.of("network namespaces cannot be made here: " + e.getMessage());
        }
    }

    static NetworkNamespaces create(int nodes) throws IOException {
        NetworkNamespaces net = new NetworkNamespaces(nodes, "sb", 150);
        try {
            net.build();
            return net;
        } catch (IOException | RuntimeException e) {
            net.close();
            throw e;
        }
    }

    /** A namespace for each of {@code hosts} hosts, linked to the root namespace alone. */
    public static NetworkNamespaces forHosts(int hosts) throws IOException {
        NetworkNamespaces net = new NetworkNamespaces(hosts, "sh", 200);
        net.peers = false;
        try {
            for (int i = 1; i <= hosts; i++) {
                net.clientLink(i);
                inside(net.namespace(i), "ip", "route", "add", "default", "via", net.rootHost(i));
            }
            return net;
        } catch (IOException | RuntimeException e) {
            net.close();
            throw e;
        }
    }

    /** The root namespace's end of host or node {@code i}'s link (1-based). */
    public String rootHost(int i) {
        return "10." + subnet + "." + i + ".1";
    }

    private void build() throws IOException {
        String peers = prefix + "-peers";
        namespace(peers);
        inside(peers, "ip", "link", "add", "br0", "type", "bridge");
        inside(peers, "ip", "link", "set", "br0", "up");
        for (int i = 1; i <= nodes; i++) {
            String ns = namespace(i);
            clientLink(i);
            // peer link: broker <-> the peers' bridge
            ip("link", "add", peerLink(i), "type", "veth", "peer", "name", bridgePort(i));
            ip("link", "set", peerLink(i), "netns", ns);
            ip("link", "set", bridgePort(i), "netns", peers);
            inside(peers, "ip", "link", "set", bridgePort(i), "master", "br0");
            inside(peers, "ip", "link", "set", bridgePort(i), "up");
            inside(ns, "ip", "addr", "add", peerHost(i) + "/24", "dev", peerLink(i));
            inside(ns, "ip", "link", "set", peerLink(i), "up");
        }
    }

    /** Namespace {@code i} with loopback up, and its client link: root <-> node. */
    private void clientLink(int i) throws IOException {
        String ns = namespace(i);
        namespace(ns);
        inside(ns, "ip", "link", "set", "lo", "up");
        ip("link", "add", rootSide(i), "type", "veth", "peer", "name", clientSide(i));
        ip("link", "set", clientSide(i), "netns", ns);
        ip("addr", "add", rootHost(i) + "/30", "dev", rootSide(i));
        ip("link", "set", rootSide(i), "up");
        inside(ns, "ip", "addr", "add", clientHost(i) + "/30", "dev", clientSide(i));
        inside(ns, "ip", "link", "set", clientSide(i), "up");
    }

    /**
     * Where node {@code i} lives: its addresses, and {@code ip netns exec} to start it there (for
     * {@link #forHosts}, its peer address is its client address).
     */
    public List<NodeSite> sites() {
        List<NodeSite> sites = new ArrayList<>();
        for (int i = 1; i <= nodes; i++) {
            sites.add(
                    new NodeSite(
                            clientHost(i),
                            peers ? peerHost(i) : clientHost(i),
                            List.of("ip", "netns", "exec", namespace(i))));
        }
        return sites;
    }

    /** Takes node {@code i}'s peer link down: it loses its peers and keeps its clients. */
    void cutFromPeers(int i) throws IOException {
        inside(namespace(i), "ip", "link", "set", peerLink(i), "down");
    }

    void rejoinPeers(int i) throws IOException {
        inside(namespace(i), "ip", "link", "set", peerLink(i), "up");
    }

    /**
     * Limits node {@code i}'s client link, both ways, to {@code rate} (tc's words: 16kbit), with a
     * bucket of 2 KB (above one frame; tc splits bigger segments) and packets queued up to 2 s rather
     * than dropped.
     */
    void slowClientLink(int i, String rate) throws IOException {
        String[] tbf = {"tbf", "rate", rate, "burst", "2kb", "latency", "2s"};
        run(concat(List.of("tc", "qdisc", "add", "dev", rootSide(i), "root"), tbf));
        inside(
                namespace(i),
                concat(List.of("tc", "qdisc", "add", "dev", clientSide(i), "root"), tbf));
    }

    /**
     * What the limit on node {@code i}'s client link did, towards the broker: {@code tc -s}'s line of
     * bytes and packets sent, dropped and held back ({@code overlimits}).
     */
    String clientLinkStats(int i) throws IOException {
        Process process =
                new ProcessBuilder("tc", "-s", "qdisc", "show", "dev", rootSide(i))
                        .redirectErrorStream(true)
                        .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return output.lines()
                .filter(l -> l.strip().startsWith("Sent"))
                .findFirst()
                .orElse(output)
                .strip();
    }

    /** Every link up and unlimited again. */
    void heal() throws IOException {
        for (int i = 1; i <= nodes; i++) {
            rejoinPeers(i);
            quietly("tc", "qdisc", "del", "dev", rootSide(i), "root");
            quietly(
                    "ip",
                    "netns",
                    "exec",
                    namespace(i),
                    "tc",
                    "qdisc",
                    "del",
                    "dev",
                    clientSide(i),
                    "root");
        }
    }

    private String namespace(int i) {
        return prefix + "-n" + i;
    }

    private String rootSide(int i) {
        return prefix + "c" + i;
    }

    private String clientSide(int i) {
        return prefix + "d" + i;
    }

    private String peerLink(int i) {
        return prefix + "p" + i;
    }

    private String bridgePort(int i) {
        return prefix + "b" + i;
    }

    private String clientHost(int i) {
        return "10." + subnet + "." + i + ".2";
    }

    private String peerHost(int i) {
        return "10." + subnet + ".100." + i;
    }

    private void namespace(String name) throws IOException {
        ip("netns", "add", name);
        made.add(name);
    }

    /** Removes the namespaces, and with them every link made (a veth pair goes with either end). */
    @Override
    public void close() {
        for (int i = made.size() - 1; i >= 0; i--) {
            quietly("ip", "netns", "del", made.get(i));
        }
        for (int i = 1; i <= nodes; i++) {
            quietly("ip", "link", "del", rootSide(i));
        }
    }

    private static String[] concat(List<String> head, String... tail) {
        List<String> all = new ArrayList<>(head);
        all.addAll(List.of(tail));
        return all.toArray(String[]::new);
    }

    private static void inside(String ns, String... command) throws IOException {
        run(concat(List.of("ip", "netns", "exec", ns), command));
    }

    private static void ip(String... args) throws IOException {
        run(concat(List.of("ip"), args));
    }

    private static void quietly(String... command) {
        try {
            new ProcessBuilder(command).redirectErrorStream(true).start().waitFor();
        } catch (IOException e) {
            // nothing left to remove
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void run(String... command) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            String output =
                    new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.waitFor() != 0) {
                throw new IOException(String.join(" ", command) + ": " + output.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + String.join(" ", command), e);
        }
    }
}
