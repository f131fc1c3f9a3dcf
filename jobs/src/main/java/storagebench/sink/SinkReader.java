package storagebench.sink;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.CommitFailedException;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.FencedInstanceIdException;
import org.apache.kafka.common.errors.RebalanceInProgressException;
import org.apache.kafka.common.errors.RetriableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.events.EventCodec;
import storagebench.events.UndecodableEventException;

/**
 * The sink's reading half, on its own thread so that fetching and decoding overlap with writing
 * Parquet: polls (the group's rebalances happen inside, see {@link Membership}), decodes,
 * dead-letters what does not decode, fingerprints the event ids, and hands batches to the writer
 * through a small bounded queue (which bounds the heap). It alone touches the consumer, so it also
 * answers the writer's {@link Fence} questions and commits the offsets the writer's rolls made
 * durable.
 */
final class SinkReader implements Runnable {
    private static final Logger log = LoggerFactory.getLogger(SinkReader.class);
    private static final Duration POLL = Duration.ofMillis(200);

    /** How often an idle sink moves the group's offsets past what is not data (markers, aborts). */
    private static final long IDLE_COMMIT_NANOS = Duration.ofSeconds(1).toNanos();

    private long lastIdleCommit;

    private final Consumer<byte[], byte[]> consumer;
    private final EventCodec codec;
    private final DeadLetters deadLetters;
    private final GroupIdle end;
    private final AtomicBoolean stopping;
    private final AtomicBoolean rollSoon;
    private final Offsets offsets;
    private final Predicate<SpecificRecord> filter;
    private final Fence fence;
    private final Handoff handoff;
    private final Fingerprints fingerprints = new Fingerprints();
    private Membership membership;

    /**
     * @param end when to stop by itself, or null to run until {@code stopping}
     * @param filter events that fail it are handed on as passed over, like dead letters
     */
    SinkReader(
            Consumer<byte[], byte[]> consumer,
            EventCodec codec,
            DeadLetters deadLetters,
            BlockingQueue<Fetched> queue,
            GroupIdle end,
            AtomicBoolean stopping,
            AtomicBoolean rollSoon,
            Offsets offsets,
            Fence fence,
            Predicate<SpecificRecord> filter) {
        this.consumer = consumer;
        this.codec = codec;
        this.deadLetters = deadLetters;
        this.end = end;
        this.stopping = stopping;
        this.rollSoon = rollSoon;
        this.offsets = offsets;
        this.fence = fence;
        this.filter = filter;
        this.handoff = new Handoff(queue, fence, this::owns, this::commitDurableNow);
    }

    /** The queue's reading side, for the membership's handovers. */
    Handoff handoff() {
        return handoff;
    }

    /** The membership whose callbacks run inside this reader's polls (set before {@link #run()}). */
    void membership(Membership membership) {
        this.membership = membership;
    }

    @Override
    public void run() {
        Fetched last;
        try {
            last = read();
        } catch (RuntimeException e) {
            last = new Fetched.Failed(e);
        }
        try {
            if (last != null && handoff.hand(last)) {
                handoff.awaitWriter();
                commit(true);
            }
        } finally {
            fence.readerGone();
        }
    }

    private Fetched read() {
        while (!stopping.get()) {
            ConsumerRecords<byte[], byte[]> records = consumer.poll(POLL);
            membership.retryWaiting();
            fence.answer(this::owns, true);
            Set<TopicPartition> retaken = membership.retake(fence.takeRefused());
            for (TopicPartition tp : records.partitions()) {
                if (!membership.established().contains(tp) || retaken.contains(tp)) {
                    // fetched before a rebalance took it (its next owner reads it again), or before
                    // it was taken again from its marker (read again from there)
                    continue;
                }
                List<ConsumerRecord<byte[], byte[]>> batch = records.records(tp);
                if (!handoff.hand(decode(tp, batch))) {
                    return null;
                }
                offsets.handed(tp, batch.get(batch.size() - 1).offset() + 1);
            }
            if (records.isEmpty()) {
                commitIdlePositions();
            }
            commit(false);
            if (end != null
                    && end.reached(
                            consumer,
                            records.count(),
                            System.nanoTime(),
                            membership,
                            offsets,
                            rollSoon)) {
                return new Fetched.End(RollPolicy.Reason.END);
            }
        }
        return new Fetched.End(RollPolicy.Reason.STOP);
    }

    private Fetched.Batch decode(TopicPartition tp, List<ConsumerRecord<byte[], byte[]>> records) {
        SpecificRecord[] events = new SpecificRecord[records.size()];
        long[] offsetsOf = new long[records.size()];
        long[] ids = new long[2 * records.size()];
        for (int i = 0; i < events.length; i++) {
            ConsumerRecord<byte[], byte[]> record = records.get(i);
            offsetsOf[i] = record.offset();
            try {
                if (record.value() == null) {
                    throw new UndecodableEventException("null value", null);
                }
                SpecificRecord event = codec.decode(record.value());
                if (filter.test(event)) {
                    events[i] = event;
                    fingerprints.of(Fingerprints.idOf(event), ids, 2 * i);
                }
            } catch (UndecodableEventException e) {
                deadLetters.send(record, e.getMessage());
            }
        }
        return new Fetched.Batch(tp, events, offsetsOf, ids);
    }

    /**
     * The fence's question, answered by the group coordinator: a commit of the partition's durable
     * offset succeeds only for the member that owns the partition in the current generation. Any doubt
     * is a no.
     */
    private Fence.Answer owns(TopicPartition tp) {
        if (!membership.established().contains(tp) || !consumer.assignment().contains(tp)) {
            return Fence.Answer.NO;
        }
        long at = Math.max(offsets.durable(tp), offsets.committed(tp));
        try {
            consumer.commitSync(Map.of(tp, new OffsetAndMetadata(at)));
            offsets.committed(tp, at);
            return Fence.Answer.YES;
        } catch (CommitFailedException | FencedInstanceIdException e) {
            log.warn(
                    "{} is no longer this sink's (the group moved on while it was away): {}",
                    tp,
                    e.getMessage());
            return Fence.Answer.NO;
        } catch (RebalanceInProgressException e) {
            return Fence.Answer.NOT_YET;
        } catch (KafkaException e) {
            log.info(
                    "{}: the group did not confirm it is still this sink's ({}); its open files"
                            + " are discarded and read again",
                    tp,
                    e.getMessage());
            return Fence.Answer.NO;
        }
    }

    /**
     * With nothing fetched, commits where this sink's settled partitions stand: the offsets before
     * the position are in the dataset or were never data (a transaction's marker, aborted messages).
     * Without it the group's offset would stay at the last record's, one short of the end, and a
     * {@code sink --until-idle} of the same group would wait for the rest forever.
     */
    private void commitIdlePositions() {
        long now = System.nanoTime();
        if (now - lastIdleCommit < IDLE_COMMIT_NANOS) {
            return;
        }
        lastIdleCommit = now;
        Map<TopicPartition, Long> positions = new HashMap<>();
        for (TopicPartition tp : membership.established()) {
            if (offsets.settled(List.of(tp))) {
                long position = consumer.position(tp);
                if (position > offsets.committed(tp)) {
                    positions.put(tp, position);
                }
            }
        }
        offsets.commitLater(positions);
    }

    /** Commits the durable offsets not committed yet, of the partitions this sink still owns. */
    private void commit(boolean sync) {
        Map<TopicPartition, Long> taken = offsets.takeUncommitted();
        if (taken.isEmpty()) {
            return;
        }
        Set<TopicPartition> owned = consumer.assignment();
        Map<TopicPartition, OffsetAndMetadata> commits = new HashMap<>();
        taken.forEach(
                (tp, next) -> {
                    if (owned.contains(tp) && next > offsets.committed(tp)) {
                        commits.put(tp, new OffsetAndMetadata(next));
                    }
                });
        if (commits.isEmpty()) {
            return;
        }
        try {
            if (sync) {
                consumer.commitSync(commits);
                commits.forEach((tp, at) -> offsets.committed(tp, at.offset()));
            } else {
                consumer.commitAsync(
                        commits,
                        (done, e) -> {
                            if (e == null) {
                                done.forEach((tp, at) -> offsets.committed(tp, at.offset()));
                            } else if (e instanceof RetriableException) {
                                Map<TopicPartition, Long> again = new HashMap<>();
                                done.forEach((tp, at) -> again.put(tp, at.offset()));
                                offsets.commitLater(again);
                            } else {
                                log.debug(
                                        "could not commit offsets {} to the group (the dataset's"
                                                + " markers have them): {}",
                                        done,
                                        e.getMessage());
                            }
                        });
            }
        } catch (KafkaException e) {
            log.warn(
                    "could not commit offsets {} to the group (the dataset's markers have them): {}",
                    commits,
                    e.getMessage());
        }
    }

    /** In a revocation callback: the revoked partitions' durable offsets, committed before they go. */
    private void commitDurableNow(Set<TopicPartition> partitions) {
        Map<TopicPartition, OffsetAndMetadata> commits = new HashMap<>();
        for (TopicPartition tp : partitions) {
            long durable = offsets.durable(tp);
            if (durable > offsets.committed(tp)) {
                commits.put(tp, new OffsetAndMetadata(durable));
            }
        }
        if (commits.isEmpty()) {
            return;
        }
        try {
            consumer.commitSync(commits);
        } catch (KafkaException e) {
            log.warn(
                    "could not commit offsets {} to the group (the dataset's markers have them): {}",
                    commits,
                    e.getMessage());
        }
    }

    /** The writer has rolled its last files (or failed). */
    void writerDone(boolean failed) {
        handoff.writerDone(failed);
    }
}
