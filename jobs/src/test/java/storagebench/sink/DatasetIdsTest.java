package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.events.TrialTimed;
import storagebench.storage.LocalStore;

/** The event ids a dataset already holds, read back from its Parquet files per partition. */
class DatasetIdsTest {
    private static final TopicPartition OURS = new TopicPartition("t", 0);
    private static final TopicPartition OTHER = new TopicPartition("t", 1);

    @TempDir Path dataset;

    @Test
    void everyRowsIdOfAPartitionsFilesAndNoneOfAnotherPartition() throws IOException {
        // given: five trials in the files of partition 0
        List<TrialTimed> trials =
                IntStream.range(0, 5)
                        .mapToObj(
                                i ->
                                        TestEvents.trial(
                                                "r", "x", i, Instant.parse("2024-01-01T12:00:00Z")))
                        .toList();
        TestEvents.writeDataset(dataset, trials);
        LocalStore store = new LocalStore(dataset);
        // when
        Map<TopicPartition, EventIds> both = DatasetIds.read(store, Set.of(OURS, OTHER));
        Map<TopicPartition, EventIds> other = DatasetIds.read(store, Set.of(OTHER));
        // then: each row's own id, not the first row's five times
        assertThat(both.get(OURS).size()).isEqualTo(5);
        trials.forEach(t -> assertThat(both.get(OURS).add(TestEvents.eventId(t))).isFalse());
        assertThat(both.get(OTHER).size()).isZero();
        assertThat(other).containsOnlyKeys(OTHER);
        assertThat(other.get(OTHER).size()).isZero();
    }
}
