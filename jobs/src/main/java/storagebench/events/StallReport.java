package storagebench.events;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import storagebench.broker.KafkaConnection;

/**
 * Says in one line what a slow publish waited for: which broker led the partitions it wrote before
 * and which leads them now, both from the producer's own metadata (read in memory, no request; after
 * the publish it names the leaders that took it, where an admin client could have asked a broker cut
 * off from the others and been told what that broker still believes), and which brokers do not accept
 * a connection now. Also names the brokers a lost publisher could not reach.
 */
final class StallReport {
    /** A publish that took longer than this is reported. */
    static final Duration SLOW = Duration.ofSeconds(1);

    private static final int CONNECT_TIMEOUT_MS = 500;

    private final KafkaConnection kafka;
    private final String topic;

    StallReport(KafkaConnection kafka, String topic) {
        this.kafka = kafka;
        this.topic = topic;
    }

    /** The leaders of the topic's partitions as the producer knows them now; empty if it knows none yet. */
    Map<Integer, Node> leaders(Producer<?, ?> producer) {
        Map<Integer, Node> leaders = new LinkedHashMap<>();
        try {
            for (PartitionInfo p : producer.partitionsFor(topic)) {
                if (p.leader() != null && !p.leader().isEmpty()) {
                    leaders.put(p.partition(), p.leader());
                }
            }
        } catch (KafkaException e) {
            // no metadata yet (the first publish): the report then names the leaders of now only
        }
        return leaders;
    }

    /**
     * The line for a publish to {@code partitions} that waited {@code waited}, e.g. {@code publishing
     * waited 4.8 s: broker 2 (127.0.0.1:9092) leader of storagebench.events-3 was lost; broker 3 leads
     * it now}.
     *
     * @param before the leaders the producer knew before the publish
     * @param now the leaders it knows after: those that took the publish
     */
    String describe(
            Duration waited,
            Map<Integer, Node> before,
            Map<Integer, Node> now,
            Set<Integer> partitions) {
        List<String> changes = new ArrayList<>();
        List<String> same = new ArrayList<>();
        for (int partition : new TreeSet<>(partitions)) {
            Node was = before.get(partition);
            Node is = now.get(partition);
            String name = topic + "-" + partition;
            if (was != null && is != null && was.id() != is.id()) {
                changes.add(moved(was, name, is));
            } else if (is != null) {
                same.add(name(is) + " leads " + name + " as before");
            }
        }
        List<Node> known = new ArrayList<>(kafka.nodes());
        known.addAll(before.values());
        known.addAll(now.values());
        String unreachable = names(unreachable(known));
        List<String> parts = new ArrayList<>(changes);
        if (changes.isEmpty()) {
            if (!unreachable.isEmpty()) {
                parts.add(unreachable + " cannot be reached");
            }
            parts.addAll(same);
        }
        return String.format(Locale.ROOT, "publishing waited %.1f s", waited.toNanos() / 1e9)
                + (parts.isEmpty() ? "" : ": " + String.join("; ", parts));
    }

    /** The leaders a slow publish's line names as leading {@code partitions} as before. */
    Map<Integer, Node> unchanged(
            Map<Integer, Node> before, Map<Integer, Node> now, Set<Integer> partitions) {
        Map<Integer, Node> same = new LinkedHashMap<>();
        for (int partition : partitions) {
            Node was = before.get(partition);
            Node is = now.get(partition);
            if (is != null && (was == null || was.id() == is.id())) {
                same.put(partition, is);
            }
        }
        return same;
    }

    /**
     * What changed since a slow publish named {@code named} as leading its partitions "as before":
     * a producer's metadata can still name a leader cut off from the others when the publish ends
     * (the leader it learnt it from can be the one cut off), and learn the new one only afterwards.
     * Empty when every named partition is led as named.
     */
    Optional<String> movedSince(Map<Integer, Node> named, Map<Integer, Node> now) {
        List<String> changes = new ArrayList<>();
        for (Map.Entry<Integer, Node> was : new TreeMap<>(named).entrySet()) {
            Node is = now.get(was.getKey());
            if (is != null && is.id() != was.getValue().id()) {
                changes.add(moved(was.getValue(), topic + "-" + was.getKey(), is));
            }
        }
        return changes.isEmpty()
                ? Optional.empty()
                : Optional.of("after the slow publish: " + String.join("; ", changes));
    }

    private static String moved(Node was, String partition, Node is) {
        return name(was)
                + " leader of "
                + partition
                + " was lost; broker "
                + is.id()
                + " leads it now";
    }

    /**
     * The line for a publisher that gave up after {@code grace} while {@code what}, naming the brokers
     * it knows of ({@code leaders}, and the cluster's) that do not accept a connection now.
     */
    String lost(Duration grace, String what, Collection<Node> leaders) {
        List<Node> known = new ArrayList<>(kafka.nodes());
        known.addAll(leaders);
        String unreachable = names(unreachable(known));
        boolean single = kafka.nodes().size() <= 1;
        String reason;
        if (!unreachable.isEmpty()) {
            reason = ": cannot reach " + unreachable;
        } else if (single) {
            reason = "";
        } else {
            reason =
                    ": every broker accepts connections (too few in-sync replicas for"
                            + " min.insync.replicas, or no controller quorum?)";
        }
        return (single ? "the Kafka broker at " : "the Kafka cluster at ")
                + kafka.bootstrapServers()
                + " did not answer for "
                + grace.toSeconds()
                + " s (kafka.grace-seconds) while "
                + what
                + reason;
    }

    /** Each distinct broker (by id) that refuses or ignores a TCP connection within half a second. */
    private static List<Node> unreachable(Collection<Node> nodes) {
        Map<Integer, Node> distinct = new LinkedHashMap<>();
        nodes.stream()
                .filter(Objects::nonNull)
                .filter(n -> !n.isEmpty())
                .sorted((a, b) -> Integer.compare(a.id(), b.id()))
                .forEach(n -> distinct.putIfAbsent(n.id(), n));
        return distinct.values().stream().filter(n -> !accepts(n)).toList();
    }

    private static boolean accepts(Node node) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(node.host(), node.port()), CONNECT_TIMEOUT_MS);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static String names(List<Node> nodes) {
        return nodes.stream().map(StallReport::name).collect(Collectors.joining(", "));
    }

    static String name(Node node) {
        return "broker " + node.id() + " (" + node.host() + ":" + node.port() + ")";
    }
}
