package storagebench.sink;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This sink's share of the topic, as the consumer group assigns it (on the reading thread, inside the
 * consumer's polls). A partition assigned is taken once its lock is ours ({@link PartitionLocks};
 * until then it is paused): recovered (files past its marker deleted), positioned at its marker, its
 * finished files' ids read, the group's offset reset to the marker, and handed to the writer. A
 * partition revoked is rolled by the writer before the callback returns (it is still ours until then);
 * a partition lost (this sink was away past its session timeout and another may own it already) is
 * discarded. Every handover to the writer goes through the queue, so the writer sees them in order
 * with the batches.
 */
final class Membership implements ConsumerRebalanceListener {
    private static final Logger log = LoggerFactory.getLogger(Membership.class);

    /** Makes a partition's writer and finds its start, once the partition is locked. */
    interface Opener {
        /** Recovers the partition and returns its marker, empty when it has none. */
        OptionalLong recover(TopicPartition partition);

        /** Positions the consumer where a partition without a marker starts. */
        void seekStart(Consumer<?, ?> consumer, TopicPartition partition);

        /** The partition's writer, starting at {@code start}. */
        PartitionSink open(TopicPartition partition, long start);

        /** The ids of the partitions' finished files, read in the background. */
        CompletableFuture<Map<TopicPartition, EventIds>> ids(Set<TopicPartition> partitions);
    }

    private final Consumer<byte[], byte[]> consumer;
    private final Opener opener;
    private final PartitionLocks locks;
    private final Offsets offsets;
    private final Handoff handoff;
    private final Set<TopicPartition> established = new LinkedHashSet<>();
    private final Set<TopicPartition> waiting = new LinkedHashSet<>();
    private final Map<TopicPartition, Long> waitingSince = new HashMap<>();
    private boolean joined;

    Membership(
            Consumer<byte[], byte[]> consumer,
            Opener opener,
            PartitionLocks locks,
            Offsets offsets,
            Handoff handoff) {
        this.consumer = consumer;
        this.opener = opener;
        this.locks = locks;
        this.offsets = offsets;
        this.handoff = handoff;
    }

    @Override
    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
        joined = true;
        if (partitions.isEmpty()) {
            return;
        }
        // the partitions this sink had before the rebalance stay its own (cooperative protocol)
        handoff.rebalancing(tp -> Fence.Answer.of(established.contains(tp)));
        try {
            take(partitions);
        } finally {
            handoff.rebalanced();
        }
    }

    private void take(Collection<TopicPartition> partitions) {
        log.info("assigned {}", names(partitions));
        Set<TopicPartition> taken = new LinkedHashSet<>();
        for (TopicPartition tp : partitions) {
            if (locks.tryTake(tp)) {
                taken.add(tp);
            } else {
                consumer.pause(List.of(tp));
                waiting.add(tp);
                waitingSince.put(tp, System.nanoTime());
                log.warn(
                        "{} is this sink's now, but process {} still holds its lock (a sink that"
                                + " lost it and has not noticed yet); waiting for it",
                        tp,
                        locks.holder(tp));
            }
        }
        establish(taken);
    }

    /**
     * Takes again, from their markers, the partitions whose files the writer discarded on a doubtful
     * fence answer but that are still this sink's; called after every poll. Returns them: what that
     * poll fetched of them predates the seek to the marker.
     */
    Set<TopicPartition> retake(Set<TopicPartition> refused) {
        Set<TopicPartition> again = new LinkedHashSet<>();
        for (TopicPartition tp : refused) {
            if (established.contains(tp) && consumer.assignment().contains(tp)) {
                again.add(tp);
            }
        }
        if (!again.isEmpty()) {
            log.info("{}: still this sink's; reading it again from its marker", names(again));
            establish(again);
        }
        return again;
    }

    /** Takes the waiting partitions whose lock has come free; called after every poll. */
    void retryWaiting() {
        if (waiting.isEmpty()) {
            return;
        }
        Set<TopicPartition> taken = new LinkedHashSet<>();
        for (TopicPartition tp : List.copyOf(waiting)) {
            if (locks.tryTake(tp)) {
                waiting.remove(tp);
                long waited = (System.nanoTime() - waitingSince.remove(tp)) / 1_000_000;
                log.info("{}: its lock came free after {} ms; taking it", tp, waited);
                taken.add(tp);
            }
        }
        if (!taken.isEmpty()) {
            establish(taken);
            consumer.resume(taken);
        }
    }

    private void establish(Set<TopicPartition> partitions) {
        if (partitions.isEmpty()) {
            return;
        }
        Map<TopicPartition, Long> start = new HashMap<>();
        for (TopicPartition tp : partitions) {
            OptionalLong next = opener.recover(tp);
            if (next.isPresent()) {
                consumer.seek(tp, next.getAsLong());
            } else {
                opener.seekStart(consumer, tp);
            }
            long at = next.isPresent() ? next.getAsLong() : consumer.position(tp);
            start.put(tp, at);
        }
        CompletableFuture<Map<TopicPartition, EventIds>> ids = opener.ids(partitions);
        for (TopicPartition tp : partitions) {
            long at = start.get(tp);
            offsets.start(tp, at);
            PartitionSink sink = opener.open(tp, at);
            established.add(tp);
            if (!handoff.hand(new Fetched.Assigned(tp, sink, ids.thenApply(m -> m.get(tp))))) {
                sink.close();
                return;
            }
        }
    }

    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
        // revoked partitions are this sink's until the callback returns; the others stay its own
        handoff.rebalancing(tp -> Fence.Answer.of(established.contains(tp)));
        try {
            release(partitions, false);
        } finally {
            handoff.rebalanced();
        }
    }

    @Override
    public void onPartitionsLost(Collection<TopicPartition> partitions) {
        // this sink is out of the group: none of its partitions may be published any more
        handoff.rebalancing(tp -> Fence.Answer.NO);
        try {
            release(partitions, true);
        } finally {
            handoff.rebalanced();
        }
    }

    private void release(Collection<TopicPartition> partitions, boolean lost) {
        if (partitions.isEmpty()) {
            return;
        }
        Set<TopicPartition> leaving = new HashSet<>(partitions);
        leaving.retainAll(established);
        partitions.forEach(
                tp -> {
                    if (waiting.remove(tp)) {
                        waitingSince.remove(tp);
                    }
                });
        if (!leaving.isEmpty()) {
            log.info("{} {}", lost ? "lost" : "revoked", names(leaving));
            CountDownLatch done = new CountDownLatch(1);
            if (handoff.hand(new Fetched.Released(Set.copyOf(leaving), lost, done))) {
                handoff.await(done);
            }
            if (!lost) {
                handoff.commitDurable(leaving);
            }
        }
        for (TopicPartition tp : partitions) {
            established.remove(tp);
            offsets.forget(tp);
            locks.release(tp);
        }
    }

    /** The partitions whose events this sink writes now. */
    Set<TopicPartition> established() {
        return established;
    }

    /** The partitions assigned to this sink that wait for their lock. */
    Set<TopicPartition> waiting() {
        return waiting;
    }

    /** Whether the group has assigned this sink its share at least once. */
    boolean joined() {
        return joined;
    }

    private static String names(Collection<TopicPartition> partitions) {
        return partitions.stream().map(TopicPartition::toString).sorted().toList().toString();
    }
}
