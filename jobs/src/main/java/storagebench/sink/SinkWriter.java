package storagebench.sink;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * The sink's writing half, on the caller's thread: takes decoded batches off the queue, writes them
 * into each partition's open files, and rolls on size, on idleness and at the end. It counts what
 * the rolls made durable. An event whose id the dataset already holds is dropped there, its offset
 * passed over like a dead letter's.
 */
final class SinkWriter {
    private static final Duration TAKE = Duration.ofMillis(200);

    private final Map<TopicPartition, PartitionSink> partitions;
    private final RollPolicy policy;
    private final Duplicates duplicates;
    private final AtomicBoolean rollSoon;
    private final Map<String, Long> rowsByTable = new TreeMap<>();
    private long files;

    SinkWriter(
            Map<TopicPartition, PartitionSink> partitions,
            RollPolicy policy,
            Duplicates duplicates,
            AtomicBoolean rollSoon) {
        this.partitions = partitions;
        this.policy = policy;
        this.duplicates = duplicates;
        this.rollSoon = rollSoon;
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
            } else if (fetched instanceof Fetched.End done) {
                last = done.reason();
            } else if (fetched instanceof Fetched.Failed failure) {
                throw failure.error();
            }
            long now = System.nanoTime();
            boolean asked = rollSoon.getAndSet(false);
            for (PartitionSink p : partitions.values()) {
                if (asked) {
                    roll(p, RollPolicy.Reason.REQUESTED);
                } else if (p.idle(policy, now)) {
                    roll(p, RollPolicy.Reason.IDLE);
                }
            }
        }
        for (PartitionSink p : partitions.values()) {
            roll(p, last);
        }
    }

    SinkResult result(long deadLetters) {
        return new SinkResult(rowsByTable, files, deadLetters, duplicates.dropped());
    }

    private void write(Fetched.Batch batch) {
        PartitionSink partition = partitions.get(batch.partition());
        SpecificRecord[] events = batch.events();
        long[] offsets = batch.offsets();
        long[] ids = batch.ids();
        for (int i = 0; i < events.length; i++) {
            if (events[i] == null || !duplicates.firstTime(events[i], ids[2 * i], ids[2 * i + 1])) {
                partition.skip(offsets[i]);
                continue;
            }
            try {
                RollPolicy.Reason due = partition.write(events[i], offsets[i], policy);
                if (due != null) {
                    roll(partition, due);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(
                        "writing " + batch.partition() + "@" + offsets[i] + ": " + e.getMessage(),
                        e);
            }
        }
    }

    private void roll(PartitionSink partition, RollPolicy.Reason reason) {
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
