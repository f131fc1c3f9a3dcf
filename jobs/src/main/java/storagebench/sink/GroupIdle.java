package storagebench.sink;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides when a sink that runs until idle is done: when the whole group is. This sink's partitions
 * must be at their end (the last committed offset, under read_committed), none waiting for its lock,
 * and nothing new for a quiet period; the others, which other sinks of the group own, must be in the
 * dataset to their end, as the group's committed offsets say (a sink commits an offset only once
 * what precedes it is in the dataset). Before it looks at the others, the sink rolls and commits its
 * own, so that sinks waiting in the same way see them done. With a zero quiet period it ends as soon
 * as all that holds (for callers that know nothing else comes).
 */
final class GroupIdle {
    private static final Logger log = LoggerFactory.getLogger(GroupIdle.class);
    private static final long GROUP_CHECK_NANOS = Duration.ofMillis(500).toNanos();

    private final Duration quiet;
    private final String topic;
    private long quietSince = -1;
    private long lastGroupCheck = -1;
    private boolean rollAsked;
    private boolean saidWaiting;

    GroupIdle(Duration quiet, String topic) {
        this.quiet = quiet;
        this.topic = topic;
    }

    /** Called after every poll with the number of messages it returned. */
    boolean reached(
            Consumer<?, ?> consumer,
            int polled,
            long nowNanos,
            Membership membership,
            Offsets offsets,
            AtomicBoolean rollSoon) {
        if (polled > 0) {
            quietSince = -1;
            if (!quiet.isZero()) {
                return false;
            }
        }
        if (!membership.joined() || !membership.waiting().isEmpty()) {
            quietSince = -1;
            return false;
        }
        Set<TopicPartition> own = new HashSet<>(membership.established());
        Map<TopicPartition, Long> ends = consumer.endOffsets(own);
        for (TopicPartition tp : own) {
            if (consumer.position(tp) < ends.getOrDefault(tp, 0L)) {
                quietSince = -1;
                return false;
            }
        }
        if (quietSince < 0) {
            quietSince = nowNanos;
        }
        if (nowNanos - quietSince < quiet.toNanos()) {
            return false;
        }
        Set<TopicPartition> others = new HashSet<>();
        consumer.partitionsFor(topic)
                .forEach(p -> others.add(new TopicPartition(topic, p.partition())));
        others.removeAll(own);
        if (others.isEmpty()) {
            return true;
        }
        if (!offsets.settled(own)) {
            if (!rollAsked) {
                rollAsked = true;
                rollSoon.set(true);
            }
            return false;
        }
        rollAsked = false;
        commitPositions(consumer, own, offsets);
        if (lastGroupCheck >= 0 && nowNanos - lastGroupCheck < GROUP_CHECK_NANOS) {
            return false;
        }
        lastGroupCheck = nowNanos;
        return othersDone(consumer, others);
    }

    /**
     * Commits where this sink's settled partitions stand: everything before the position is in the
     * dataset or was never data (transaction markers, aborted messages).
     */
    private static void commitPositions(
            Consumer<?, ?> consumer, Set<TopicPartition> own, Offsets offsets) {
        Map<TopicPartition, OffsetAndMetadata> positions = new HashMap<>();
        for (TopicPartition tp : own) {
            long position = consumer.position(tp);
            if (position > offsets.committed(tp)) {
                positions.put(tp, new OffsetAndMetadata(position));
            }
        }
        if (!positions.isEmpty()) {
            consumer.commitSync(positions);
            positions.forEach((tp, at) -> offsets.committed(tp, at.offset()));
        }
    }

    private boolean othersDone(Consumer<?, ?> consumer, Set<TopicPartition> others) {
        Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(others);
        Map<TopicPartition, Long> ends = consumer.endOffsets(others);
        long behind = 0;
        for (TopicPartition tp : others) {
            OffsetAndMetadata at = committed.get(tp);
            behind += Math.max(0, ends.getOrDefault(tp, 0L) - (at == null ? 0 : at.offset()));
        }
        if (behind == 0) {
            return true;
        }
        if (!saidWaiting) {
            saidWaiting = true;
            log.info(
                    "this sink's partitions are done; waiting for the group's other sinks ({}"
                            + " message(s) of {} other partition(s) not in the dataset yet)",
                    behind,
                    others.size());
        }
        return false;
    }
}
