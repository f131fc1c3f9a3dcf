package storagebench.broker;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.BadInputException;
import storagebench.config.TopicLayout;

/**
 * The events topic and its dead-letter topic as the settings' {@link TopicLayout} asks: created with
 * its partitions, replication factor and {@code min.insync.replicas} when missing; when they exist,
 * checked, and one weaker than asked (fewer replicas, or fewer in-sync replicas needed for a write) is
 * warned about — or refused with {@code kafka.require-durable=true}.
 */
public final class TopicSetup {
    private static final Logger log = LoggerFactory.getLogger(TopicSetup.class);
    static final String MIN_INSYNC = "min.insync.replicas";
    private static final long TIMEOUT_S = KafkaConnection.REACH_TIMEOUT.toSeconds();

    private final Admin admin;
    private final TopicLayout layout;
    private final int brokers;
    private final boolean embedded;

    /**
     * @param brokers the brokers in the cluster now
     * @param embedded whether it is the data directory's own broker (one partition)
     */
    TopicSetup(Admin admin, TopicLayout layout, int brokers, boolean embedded) {
        this.admin = admin;
        this.layout = layout;
        this.brokers = brokers;
        this.embedded = embedded;
    }

    /** What is asked of a topic on this cluster. */
    record Asked(int partitions, int replicationFactor, int minInsync) {}

    Asked asked() {
        int factor = layout.replicationFor(brokers);
        int minInsync = layout.minInsyncFor(factor);
        if (minInsync > factor) {
            throw new BadInputException(
                    "kafka.min-insync-replicas "
                            + minInsync
                            + " is more than the replication factor "
                            + factor
                            + ": no write could ever be acknowledged");
        }
        return new Asked(layout.partitionsFor(embedded), factor, minInsync);
    }

    /** Creates the topics that are missing, checks the others. */
    void ensure(List<String> topics)
            throws InterruptedException, ExecutionException, TimeoutException {
        Asked asked = asked();
        Set<String> existing = admin.listTopics().names().get(TIMEOUT_S, TimeUnit.SECONDS);
        for (String topic : topics) {
            if (existing.contains(topic) || !create(topic, asked)) {
                check(topic, asked);
            }
        }
    }

    /** Creates the topic; false when another command created it first. */
    private boolean create(String topic, Asked asked)
            throws InterruptedException, ExecutionException, TimeoutException {
        if (asked.replicationFactor() > brokers) {
            throw new BadInputException(
                    "cannot create topic "
                            + topic
                            + " with replication factor "
                            + asked.replicationFactor()
                            + " (kafka.replication-factor): the cluster has "
                            + brokers
                            + " broker(s)");
        }
        NewTopic topicSpec =
                new NewTopic(topic, asked.partitions(), (short) asked.replicationFactor())
                        .configs(
                                Map.of(
                                        "retention.ms",
                                        "-1",
                                        "retention.bytes",
                                        "-1",
                                        MIN_INSYNC,
                                        String.valueOf(asked.minInsync())));
        try {
            admin.createTopics(List.of(topicSpec)).all().get(TIMEOUT_S, TimeUnit.SECONDS);
            awaitHosted(admin, topic, asked.partitions());
            log.info(
                    "created topic {}: {} partition(s), replication factor {},"
                            + " min.insync.replicas {}, unlimited retention",
                    topic,
                    asked.partitions(),
                    asked.replicationFactor(),
                    asked.minInsync());
            return true;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof TopicExistsException) {
                return false;
            }
            throw e;
        }
    }

    /**
     * Waits until every partition of a topic just created answers a ListOffsets: the creation is
     * acknowledged once the controller records it, a moment before the leaders host the partitions, and
     * a read or write in that moment fails with "This server does not host this topic-partition" (or,
     * for a transactional write, with a fatal INVALID_TXN_STATE).
     */
    public static void awaitHosted(Admin admin, String topic, int partitions)
            throws InterruptedException, ExecutionException, TimeoutException {
        Map<TopicPartition, OffsetSpec> all = new HashMap<>();
        for (int p = 0; p < partitions; p++) {
            all.put(new TopicPartition(topic, p), OffsetSpec.latest());
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_S);
        while (true) {
            try {
                admin.listOffsets(all).all().get(TIMEOUT_S, TimeUnit.SECONDS);
                return;
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof RetriableException) || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(50);
            }
        }
    }

    /** Warns about (or refuses) a topic whose replication or min.insync.replicas is below what is asked. */
    private void check(String topic, Asked asked)
            throws InterruptedException, ExecutionException, TimeoutException {
        try {
            checkAllowed(topic, asked);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof AuthorizationException)) {
                throw e;
            }
            String unchecked =
                    "cannot check the replication of topic "
                            + topic
                            + ": "
                            + e.getCause().getMessage();
            if (layout.requireDurable()) {
                throw new BadInputException(unchecked + " (kafka.require-durable=true)");
            }
            log.warn("{}; not checked", unchecked);
        }
    }

    private void checkAllowed(String topic, Asked asked)
            throws InterruptedException, ExecutionException, TimeoutException {
        TopicDescription description =
                admin.describeTopics(List.of(topic))
                        .allTopicNames()
                        .get(TIMEOUT_S, TimeUnit.SECONDS)
                        .get(topic);
        int factor =
                description.partitions().stream()
                        .mapToInt(p -> p.replicas().size())
                        .min()
                        .orElse(0);
        int minInsync = minInsync(topic);
        if (factor >= asked.replicationFactor() && minInsync >= asked.minInsync()) {
            return;
        }
        String weak =
                "topic "
                        + topic
                        + " has replication factor "
                        + factor
                        + " and min.insync.replicas "
                        + minInsync
                        + ", weaker than asked: replication factor "
                        + asked.replicationFactor()
                        + " and min.insync.replicas "
                        + asked.minInsync()
                        + " (kafka.replication-factor, kafka.min-insync-replicas)";
        if (layout.requireDurable()) {
            throw new BadInputException(
                    weak
                            + "; kafka.require-durable=true refuses it (raise them with"
                            + " kafka-reassign-partitions.sh and kafka-configs.sh, or use another"
                            + " kafka.topic)");
        }
        log.warn(
                "{}: losing a broker can lose events it acknowledged (kafka.require-durable=true"
                        + " refuses such a topic)",
                weak);
    }

    private int minInsync(String topic)
            throws InterruptedException, ExecutionException, TimeoutException {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        Map<ConfigResource, Config> configs =
                new HashMap<>(
                        admin.describeConfigs(List.of(resource))
                                .all()
                                .get(TIMEOUT_S, TimeUnit.SECONDS));
        var entry = configs.get(resource).get(MIN_INSYNC);
        return entry == null ? 1 : Integer.parseInt(entry.value());
    }
}
