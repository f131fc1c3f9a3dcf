package storagebench.sink;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;
import storagebench.config.Settings;
import storagebench.storage.DatasetStore;
import storagebench.storage.Stores;

/**
 * Where and how a sink writes: the live dataset (the {@code sink} command, the end of {@code run} and
 * {@code import}), or a replay's.
 *
 * @param store where the dataset is kept; the sink closes it
 * @param lockFolder the local folder whose lock keeps a second sink of this machine off the dataset
 * @param groupId the consumer group offsets are committed to (for lag monitoring only), or null for
 *     the sink's own ({@code storagebench-sink}, or the kafka.client.group.id setting)
 * @param filter events that fail it are passed over (their offsets still count as done)
 * @param startAt where to start in a partition the dataset has no offset marker for
 * @param deadLetters whether undecodable messages go to the dead-letter topic; otherwise they are
 *     only counted (a replay: the live sink already sent them)
 */
record SinkSpec(
        DatasetStore store,
        Path lockFolder,
        String groupId,
        Predicate<SpecificRecord> filter,
        StartAt startAt,
        boolean deadLetters) {

    /** Positions the consumer in a partition that has no offset marker yet. */
    @FunctionalInterface
    interface StartAt {
        void seek(Consumer<?, ?> consumer, TopicPartition partition);
    }

    /** From the partition's first message. */
    static final StartAt EARLIEST =
            (consumer, partition) -> consumer.seekToBeginning(List.of(partition));

    /** The live dataset: the settings' {@code dataset.url}, by default under the data directory. */
    static SinkSpec live(Settings settings) {
        return new SinkSpec(
                Stores.open(settings),
                Stores.lockFolder(settings),
                null,
                event -> true,
                EARLIEST,
                true);
    }
}
