package storagebench.sink;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * The sink's writing half, on the caller's thread: takes what the reader hands over off the queue —
 * partitions assigned and released, decoded batches — writes the events into each partition's open
 * files, and rolls on size, on idleness, when asked and at the end. Before publishing a partition's
 * files it asks the {@link Fence} whether the partition is still this sink's; when it is not, the
 * files are discarded. It counts what the rolls made durable. An event whose id the dataset already
 * holds is dropped there, its offset passed over like a dead letter's.
 */
final class SinkWriter {
    private static final Duration TAKE = Duration.ofMillis(200);

    private final Map<TopicPartition, PartitionSink> partitions;
    private final RollPolicy policy;
    private final Duplicates duplicates;
    private final AtomicBoolean rollSoon;
    private final Fence fence;
    private final Map<String, Long> rowsByTable = new TreeMap<>();
    private long files;

    /**
     * @param partitions this sink's partitions, filled and emptied here as the reader hands them over
     *     (the caller closes what is left)
     */
    SinkWriter(
            Map<TopicPartition, PartitionSink> partitions,
            RollPolicy policy,
            Duplicates duplicates,
            AtomicBoolean rollSoon,
            Fence fence) {
        this.partitions = partitions;
        this.policy = policy;
        this.duplicates = duplicates;
        this.rollSoon = rollSoon;
        this.fence = fence;
    }

    /** Writes until the reader says the stream ended, then rolls every partition. */
    void drain(BlockingQueue<Fetched> queue, Thread reader) {
        RollPolicy.Reason last = null;
        while (last == null) {
            Fetched fetched = take(queue);
            if (fetched == null && !reader.isAlive() && queue.isEmpty()) {
                throw new IllegalStateException(
                        "the sink's reader thread died; see the error above");
            }
            if (fetched instanceof Fetched.Batch batch) {
                write(batch);
            } else if (fetched instanceof Fetched.Assigned assigned) {
                partitions.put(assigned.partition(), assigned.sink());
                duplicates.track(assigned.partition(), assigned.ids());
            } else if (fetched instanceof Fetched.Released released) {
                release(released);
            } else if (fetched instanceof Fetched.End done) {
                last = done.reason();
            } else if (fetched instanceof Fetched.Failed failure) {
                throw failure.error();
            }
            long now = System.nanoTime();
            boolean asked = rollSoon.getAndSet(false);
            for (PartitionSink p : List.copyOf(partitions.values())) {
                if (asked) {
                    roll(p, RollPolicy.Reason.REQUESTED);
                } else if (p.idle(policy, now)) {
                    roll(p, RollPolicy.Reason.IDLE);
                }
            }
        }
        for (PartitionSink p : List.copyOf(partitions.values())) {
            roll(p, last);
        }
    }

    SinkResult result(long deadLetters) {
        return new SinkResult(rowsByTable, files, deadLetters, duplicates.dropped());
    }

    private void write(Fetched.Batch batch) {
        PartitionSink partition = partitions.get(batch.partition());
        if (partition == null) {
            return; // fenced off: no longer this sink's, its release follows
        }
        SpecificRecord[] events = batch.events();
        long[] offsets = batch.offsets();
        long[] ids = batch.ids();
        for (int i = 0; i < events.length; i++) {
            if (events[i] == null
                    || !duplicates.firstTime(
                            batch.partition(), events[i], ids[2 * i], ids[2 * i + 1])) {
                partition.skip(offsets[i]);
                continue;
            }
            try {
                RollPolicy.Reason due = partition.write(events[i], offsets[i], policy);
                if (due != null && !roll(partition, due)) {
                    return;
                }
            } catch (IOException e) {
                throw new UncheckedIOException(
                        "writing " + batch.partition() + "@" + offsets[i] + ": " + e.getMessage(),
                        e);
            }
        }
    }

    /** Revoked partitions are still this sink's: rolled, then let go; lost ones are discarded. */
    private void release(Fetched.Released released) {
        List<TopicPartition> gone = new ArrayList<>(released.partitions());
        try {
            for (TopicPartition tp : gone) {
                PartitionSink p = partitions.get(tp);
                if (p != null && !released.lost()) {
                    publish(p, RollPolicy.Reason.REVOKED);
                }
            }
        } finally {
            for (TopicPartition tp : gone) {
                PartitionSink p = partitions.remove(tp);
                if (p != null) {
                    p.discard("the consumer group gave the partition to another sink");
                }
                duplicates.forget(tp);
            }
            released.done().countDown();
        }
    }

    /**
     * Publishes the partition's open files if it is still this sink's; false when the fence said it
     * is not (its files are then discarded and it is dropped).
     */
    private boolean roll(PartitionSink partition, RollPolicy.Reason reason) {
        if (partition.state() != PartitionSink.State.OPEN) {
            return true;
        }
        if (!fence.owns(partition.partition())) {
            partitions.remove(partition.partition());
            duplicates.forget(partition.partition());
            partition.discard(
                    "the consumer group did not confirm the partition is still this sink's");
            return false;
        }
        publish(partition, reason);
        return true;
    }

    private void publish(PartitionSink partition, RollPolicy.Reason reason) {
        try {
            PartitionSink.Roll roll = partition.roll(reason);
            if (roll != null) {
                files += roll.files().size();
                roll.files().forEach(f -> rowsByTable.merge(f.table(), f.rows(), Long::sum));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("rolling files: " + e.getMessage(), e);
        }
    }

    private static Fetched take(BlockingQueue<Fetched> queue) {
        try {
            return queue.poll(TAKE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sinking", e);
        }
    }
}
