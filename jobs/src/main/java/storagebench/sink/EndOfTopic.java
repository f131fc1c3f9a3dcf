package storagebench.sink;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Decides when a batch sink is done: the consumer's position has reached the end of every partition
 * (the last committed offset, under read_committed) and nothing new has come for a quiet period. With
 * a zero quiet period it ends as soon as the end is reached (for callers that know nothing else comes).
 */
final class EndOfTopic {
    private final Duration quiet;
    private long quietSince = -1;

    EndOfTopic(Duration quiet) {
        this.quiet = quiet;
    }

    /** Called after every poll with the number of messages it returned. */
    boolean reached(Consumer<?, ?> consumer, int polled, long nowNanos) {
        if (polled > 0) {
            quietSince = -1;
            if (!quiet.isZero()) {
                return false;
            }
        }
        if (!atEnd(consumer)) {
            quietSince = -1;
            return false;
        }
        if (quietSince < 0) {
            quietSince = nowNanos;
        }
        return nowNanos - quietSince >= quiet.toNanos();
    }

    private static boolean atEnd(Consumer<?, ?> consumer) {
        Set<TopicPartition> assigned = consumer.assignment();
        Map<TopicPartition, Long> ends = consumer.endOffsets(assigned);
        for (TopicPartition tp : assigned) {
            if (consumer.position(tp) < ends.getOrDefault(tp, 0L)) {
                return false;
            }
        }
        return true;
    }
}
