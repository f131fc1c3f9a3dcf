package storagebench.config;

import java.util.Optional;

/**
 * What is asked of the events topic when it is created, and checked when it exists: empty values are
 * chosen by the cluster's size ({@link #partitionsFor}, {@link #replicationFor}, {@link
 * #minInsyncFor}).
 *
 * @param partitions {@code kafka.partitions}: 1 on the embedded broker, 6 on a cluster, when empty
 * @param replicationFactor {@code kafka.replication-factor}: min(3, brokers) when empty
 * @param minInsyncReplicas {@code kafka.min-insync-replicas}: 2 when the factor is 3 or more, else 1,
 *     when empty
 * @param requireDurable {@code kafka.require-durable}: an existing topic weaker than asked is refused
 *     (exit 2) instead of warned about
 */
public record TopicLayout(
        Optional<Integer> partitions,
        Optional<Integer> replicationFactor,
        Optional<Integer> minInsyncReplicas,
        boolean requireDurable) {

    /** Partitions of a new topic on a cluster of {@code brokers} (the embedded broker: one). */
    public int partitionsFor(boolean embedded) {
        return partitions.orElse(embedded ? 1 : 6);
    }

    /** Replicas of each partition of a new topic on a cluster of {@code brokers}. */
    public int replicationFor(int brokers) {
        return replicationFactor.orElse(Math.max(1, Math.min(3, brokers)));
    }

    /** The topic's {@code min.insync.replicas} for a replication factor of {@code factor}. */
    public int minInsyncFor(int factor) {
        return minInsyncReplicas.orElse(factor >= 3 ? 2 : 1);
    }
}
