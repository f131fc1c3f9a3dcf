package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.storage.LocalStore;

class DuplicatesTest {
    private static final Instant DAY = Instant.parse("2024-01-01T12:00:00Z");

    private static final TopicPartition P0 = new TopicPartition("t", 0);
    private static final TopicPartition P1 = new TopicPartition("t", 1);

    @TempDir Path dataset;

    @Test
    void eventsOfFinishedFilesAreDuplicatesAndThoseOfUnfinishedOnesAreNot() throws IOException {
        // given: a committed roll of partitions 0 and 1, and a file of partition 0 that was never
        // committed
        write(0, 0, true, TestEvents.runStarted("r", "x", DAY), TestEvents.trial("r", "x", 0, DAY));
        write(1, 0, true, TestEvents.trial("q", "y", 0, DAY));
        RecordWriter open = writer(0);
        open.write(TestEvents.trial("r", "x", 1, DAY), 2);
        // when: the sink owns both partitions
        Duplicates duplicates = owning(P0, P1);
        // then: a duplicate of partition 1 is caught on partition 0 too
        assertThat(duplicates.firstTime(P0, TestEvents.trial("r", "x", 0, DAY))).isFalse();
        assertThat(duplicates.firstTime(P0, TestEvents.runStarted("r", "x", DAY))).isFalse();
        assertThat(duplicates.firstTime(P0, TestEvents.trial("q", "y", 0, DAY))).isFalse();
        assertThat(duplicates.firstTime(P0, TestEvents.trial("r", "x", 1, DAY))).isTrue();
        assertThat(duplicates.dropped()).isEqualTo(3);
        assertThat(duplicates.examples())
                .containsExactly("r/0/measure", "r/started", "q/0/measure");
        open.close();
    }

    @Test
    void aPartitionForgottenTakesItsIdsWithIt() throws IOException {
        // given: ids of partition 1 written since its last roll, then the partition lost (its open
        // files discarded)
        write(0, 0, true, TestEvents.trial("r", "x", 0, DAY));
        Duplicates duplicates = owning(P0, P1);
        assertThat(duplicates.firstTime(P1, TestEvents.trial("q", "y", 0, DAY))).isTrue();
        // when
        duplicates.forget(P1);
        duplicates.track(P1, CompletableFuture.completedFuture(new EventIds()));
        // then: the event is no duplicate when partition 1 is read again; partition 0's ids stay
        assertThat(duplicates.firstTime(P1, TestEvents.trial("q", "y", 0, DAY))).isTrue();
        assertThat(duplicates.firstTime(P1, TestEvents.trial("r", "x", 0, DAY))).isFalse();
        assertThat(duplicates.tracks(P0)).isTrue();
    }

    @Test
    void anEventWrittenSinceTheLastRollIsADuplicateToo() {
        // given
        Duplicates duplicates = owning(P0);
        // when
        boolean first = duplicates.firstTime(P0, TestEvents.trial("r", "x", 0, DAY));
        boolean second =
                duplicates.firstTime(P0, TestEvents.trial("r", "x", 0, DAY.plusSeconds(60)));
        // then
        assertThat(first).isTrue();
        assertThat(second).isFalse();
        assertThat(duplicates.dropped()).isOne();
    }

    @Test
    void onlyTheFirstFewDroppedIdsAreKept() {
        // given
        Duplicates duplicates = owning(P0);
        for (int i = 0; i < 10; i++) {
            duplicates.firstTime(P0, TestEvents.trial("r", "x", i, DAY));
        }
        // when
        for (int i = 0; i < 10; i++) {
            duplicates.firstTime(P0, TestEvents.trial("r", "x", i, DAY));
        }
        // then
        assertThat(duplicates.dropped()).isEqualTo(10);
        assertThat(duplicates.examples()).hasSize(Duplicates.EXAMPLES).startsWith("r/0/measure");
    }

    /** A sink's ids once it owns {@code partitions}, read from their finished files. */
    private Duplicates owning(TopicPartition... partitions) {
        Duplicates duplicates = new Duplicates();
        var read = Duplicates.readInBackground(new LocalStore(dataset), Set.of(partitions));
        for (TopicPartition tp : partitions) {
            duplicates.track(tp, read.thenApply(ids -> ids.get(tp)));
        }
        return duplicates;
    }

    private void write(int partition, long firstOffset, boolean commit, SpecificRecord... events)
            throws IOException {
        RecordWriter writer = writer(partition);
        for (int i = 0; i < events.length; i++) {
            writer.write(events[i], firstOffset + i);
        }
        if (commit) {
            writer.commit();
        }
        writer.close();
    }

    private RecordWriter writer(int partition) {
        return new FanOutWriter(
                new LocalStore(dataset),
                "t",
                partition,
                new HivePartitioner(),
                new ParquetFormat(1 << 20));
    }
}
