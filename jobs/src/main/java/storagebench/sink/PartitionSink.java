package storagebench.sink;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One topic-partition between two rolls. A roll, in this order: dead letters acknowledged, every open
 * file finished (fsync, rename), the offset marker moved (fsync, rename), the offset handed over to be
 * committed to Kafka. A crash before the marker moves leaves only files recovery deletes; after it,
 * nothing to redo.
 */
final class PartitionSink implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(PartitionSink.class);

    /** The rotation state: nothing since the marker, events (or dead letters) since it, or closed. */
    enum State {
        CLEAN,
        OPEN,
        CLOSED
    }

    /** What a roll made durable. */
    record Roll(
            TopicPartition partition,
            List<RecordWriter.CommittedFile> files,
            long fromOffset,
            long nextOffset) {}

    private final TopicPartition partition;
    private final RecordWriter writer;
    private final OffsetMarker marker;
    private final DeadLetters deadLetters;
    private final Offsets offsets;
    private State state = State.CLEAN;
    private long markedOffset;
    private long nextOffset;
    private long lastEventNanos = System.nanoTime();

    PartitionSink(
            TopicPartition partition,
            RecordWriter writer,
            OffsetMarker marker,
            DeadLetters deadLetters,
            Offsets offsets,
            long startOffset) {
        this.partition = partition;
        this.writer = writer;
        this.marker = marker;
        this.deadLetters = deadLetters;
        this.offsets = offsets;
        this.markedOffset = startOffset;
        this.nextOffset = startOffset;
    }

    /** Writes an event; returns why the files must roll now, or null. */
    RollPolicy.Reason write(SpecificRecord event, long offset, RollPolicy policy)
            throws IOException {
        advance(offset);
        writer.write(event, offset);
        return policy.afterWrite(writer);
    }

    /** Notes a message that went to the dead-letter topic instead of the dataset. */
    void skip(long offset) {
        advance(offset);
    }

    private void advance(long offset) {
        if (state == State.CLOSED) {
            throw new IllegalStateException(partition + " is closed");
        }
        state = State.OPEN;
        nextOffset = offset + 1;
        lastEventNanos = System.nanoTime();
    }

    boolean idle(RollPolicy policy, long nowNanos) {
        return state == State.OPEN && policy.idleFor(nowNanos - lastEventNanos);
    }

    State state() {
        return state;
    }

    /** Makes everything since the marker durable and moves the marker; null when there was nothing. */
    Roll roll(RollPolicy.Reason reason) throws IOException {
        if (state != State.OPEN) {
            return null;
        }
        deadLetters.flush();
        List<RecordWriter.CommittedFile> files = writer.commit();
        marker.write(partition.topic(), partition.partition(), nextOffset);
        Roll roll = new Roll(partition, files, markedOffset, nextOffset);
        markedOffset = nextOffset;
        state = State.CLEAN;
        offsets.durable(partition, nextOffset);
        log.info(
                "{}: rolled {} file(s), {} row(s), offsets {}..{} ({})",
                partition,
                files.size(),
                files.stream().mapToLong(RecordWriter.CommittedFile::rows).sum(),
                roll.fromOffset(),
                roll.nextOffset() - 1,
                reason.name().toLowerCase(Locale.ROOT));
        return roll;
    }

    TopicPartition partition() {
        return partition;
    }

    /** Closes the partition, deleting what it wrote since the marker, and says so and {@code why}. */
    void discard(String why) {
        if (state == State.OPEN) {
            log.warn(
                    "{}: discarded offsets {}..{}, not published: {}",
                    partition,
                    markedOffset,
                    nextOffset - 1,
                    why);
        }
        close();
    }

    /** Closes the partition, deleting what it wrote since the marker. */
    @Override
    public void close() {
        writer.close();
        state = State.CLOSED;
    }
}
