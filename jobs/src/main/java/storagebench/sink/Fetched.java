package storagebench.sink;

import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * What the reader thread hands the writer, in the order it happened: a partition becoming this sink's,
 * decoded events of one partition, partitions leaving, or the end of the stream.
 */
sealed interface Fetched {
    /**
     * A partition is this sink's from now on, recovered and positioned at {@code sink}'s start; its
     * events are checked against the ids its finished files hold, read in the background.
     */
    record Assigned(TopicPartition partition, PartitionSink sink, CompletableFuture<EventIds> ids)
            implements Fetched {}

    /**
     * Consecutive messages of one partition; {@code events[i]} is null where the message went to the
     * dead-letter topic (already sent) or was filtered out. {@code ids[2i]} and {@code ids[2i+1]} are
     * the {@link Fingerprints} of event i's id (zero where it is null).
     */
    record Batch(TopicPartition partition, SpecificRecord[] events, long[] offsets, long[] ids)
            implements Fetched {}

    /**
     * Partitions leave this sink: revoked ones roll first (they are still this sink's until {@code
     * done}), lost ones (another sink may own them already) are discarded. The writer counts {@code
     * done} down when it has let go of them.
     */
    record Released(Set<TopicPartition> partitions, boolean lost, CountDownLatch done)
            implements Fetched {}

    /** Nothing more comes: roll everything for this reason. */
    record End(RollPolicy.Reason reason) implements Fetched {}

    /** The reader failed; the writer rolls nothing and rethrows. */
    record Failed(RuntimeException error) implements Fetched {}
}
