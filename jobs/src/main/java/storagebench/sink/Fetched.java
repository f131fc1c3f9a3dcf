package storagebench.sink;

import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.TopicPartition;

/** What the reader thread hands the writer: decoded events of one partition, or the end of the stream. */
sealed interface Fetched {
    /**
     * Consecutive messages of one partition; {@code events[i]} is null where the message went to the
     * dead-letter topic (already sent) or was filtered out. {@code ids[2i]} and {@code ids[2i+1]} are
     * the {@link Fingerprints} of event i's id (zero where it is null).
     */
    record Batch(TopicPartition partition, SpecificRecord[] events, long[] offsets, long[] ids)
            implements Fetched {}

    /** Nothing more comes: roll everything for this reason. */
    record End(RollPolicy.Reason reason) implements Fetched {}

    /** The reader failed; the writer rolls nothing and rethrows. */
    record Failed(RuntimeException error) implements Fetched {}
}
