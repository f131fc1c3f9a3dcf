package storagebench.broker;

import java.util.List;

/**
 * Where one node of a {@link LocalCluster} lives: the address its clients reach it at, the address
 * its peers reach it at (inter-broker replication and the controller quorum), and a command its Java
 * process is started under, such as {@code ip netns exec NAME} to put it in a network namespace. On
 * one machine, both addresses are loopback and there is no wrapper ({@link #LOOPBACK}).
 *
 * @param clientHost the client listener's address
 * @param peerHost the inter-broker and controller listeners' address
 * @param wrapper words put before the {@code java} command; empty for none
 */
public record NodeSite(String clientHost, String peerHost, List<String> wrapper) {
    public static final NodeSite LOOPBACK = new NodeSite("127.0.0.1", "127.0.0.1", List.of());

    public NodeSite {
        wrapper = List.copyOf(wrapper);
    }
}
