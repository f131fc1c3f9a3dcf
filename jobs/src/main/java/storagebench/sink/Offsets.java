package storagebench.sink;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.TopicPartition;

/**
 * How far each partition has got, shared by the sink's two threads: the reader notes what it handed
 * to the writer, the writer what its rolls made durable (the dataset's markers); the reader commits
 * the durable offsets to the consumer group (for lag monitoring, and so that other sinks of the group
 * see when everything is in the dataset), and knows a partition is settled when everything it handed
 * is durable.
 */
final class Offsets {
    private final Map<TopicPartition, Long> handed = new ConcurrentHashMap<>();
    private final Map<TopicPartition, Long> durable = new ConcurrentHashMap<>();
    private final Map<TopicPartition, Long> uncommitted = new ConcurrentHashMap<>();
    private final Map<TopicPartition, Long> committed = new ConcurrentHashMap<>();

    /** The reader handed the writer everything before {@code next}. */
    void handed(TopicPartition partition, long next) {
        handed.merge(partition, next, Math::max);
    }

    /** A roll made everything before {@code next} durable (called by the writer). */
    void durable(TopicPartition partition, long next) {
        durable.merge(partition, next, Math::max);
        uncommitted.merge(partition, next, Math::max);
    }

    /**
     * The partition starts (again) at {@code start}, which the dataset's marker says is durable; the
     * group's offset is set to it, so that the group's offsets never say more than the dataset holds
     * (other sinks of the group judge by them when everything is in, and a dataset rebuilt from
     * nothing starts over at 0).
     */
    void start(TopicPartition partition, long start) {
        handed.put(partition, start);
        durable.put(partition, start);
        committed.remove(partition);
        uncommitted.put(partition, start);
    }

    /** The partition is no longer this sink's. */
    void forget(TopicPartition partition) {
        handed.remove(partition);
        durable.remove(partition);
        uncommitted.remove(partition);
        committed.remove(partition);
    }

    /** {@code next} was committed to the group for the partition. */
    void committed(TopicPartition partition, long next) {
        committed.merge(partition, next, Math::max);
    }

    /** The highest offset committed to the group for the partition by this sink, or -1. */
    long committed(TopicPartition partition) {
        return committed.getOrDefault(partition, -1L);
    }

    /** The durable offset of the partition (its marker), or -1 when it is not this sink's. */
    long durable(TopicPartition partition) {
        return durable.getOrDefault(partition, -1L);
    }

    /** Whether everything handed to the writer for each of {@code partitions} is durable. */
    boolean settled(Collection<TopicPartition> partitions) {
        for (TopicPartition tp : partitions) {
            if (durable.getOrDefault(tp, -1L) < handed.getOrDefault(tp, 0L)) {
                return false;
            }
        }
        return true;
    }

    /** The durable offsets not committed to the group yet, taken. */
    Map<TopicPartition, Long> takeUncommitted() {
        Map<TopicPartition, Long> taken = new HashMap<>();
        for (TopicPartition tp : uncommitted.keySet()) {
            Long next = uncommitted.remove(tp);
            if (next != null) {
                taken.put(tp, next);
            }
        }
        return taken;
    }

    /** Offsets whose commit failed for a passing reason: committed with the next ones. */
    void commitLater(Map<TopicPartition, Long> offsets) {
        offsets.forEach(
                (tp, next) -> {
                    if (durable.containsKey(tp)) {
                        uncommitted.merge(tp, next, Math::max);
                    }
                });
    }
}
