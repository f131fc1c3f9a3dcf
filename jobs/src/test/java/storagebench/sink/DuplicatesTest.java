package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.storage.LocalStore;

class DuplicatesTest {
    private static final Instant DAY = Instant.parse("2024-01-01T12:00:00Z");

    @TempDir Path dataset;

    @Test
    void eventsOfFinishedFilesAreDuplicatesAndThoseOfUnfinishedOnesAreNot() throws IOException {
        // given: a committed roll of partitions 0 and 1, and a file of partition 0 that was never
        // committed
        write(0, 0, true, TestEvents.runStarted("r", "x", DAY), TestEvents.trial("r", "x", 0, DAY));
        write(1, 0, true, TestEvents.trial("q", "y", 0, DAY));
        RecordWriter open = writer(0);
        open.write(TestEvents.trial("r", "x", 1, DAY), 2);
        // when
        Duplicates duplicates = Duplicates.of(new LocalStore(dataset));
        // then
        assertThat(duplicates.firstTime(TestEvents.trial("r", "x", 0, DAY))).isFalse();
        assertThat(duplicates.firstTime(TestEvents.runStarted("r", "x", DAY))).isFalse();
        assertThat(duplicates.firstTime(TestEvents.trial("q", "y", 0, DAY))).isFalse();
        assertThat(duplicates.firstTime(TestEvents.trial("r", "x", 1, DAY))).isTrue();
        assertThat(duplicates.dropped()).isEqualTo(3);
        assertThat(duplicates.examples())
                .containsExactly("r/0/measure", "r/started", "q/0/measure");
        open.close();
    }

    @Test
    void anEventWrittenSinceTheLastRollIsADuplicateToo() {
        // given
        Duplicates duplicates = Duplicates.of(new LocalStore(dataset));
        // when
        boolean first = duplicates.firstTime(TestEvents.trial("r", "x", 0, DAY));
        boolean second = duplicates.firstTime(TestEvents.trial("r", "x", 0, DAY.plusSeconds(60)));
        // then
        assertThat(first).isTrue();
        assertThat(second).isFalse();
        assertThat(duplicates.dropped()).isOne();
    }

    @Test
    void onlyTheFirstFewDroppedIdsAreKept() {
        // given
        Duplicates duplicates = new Duplicates(new EventIds());
        for (int i = 0; i < 10; i++) {
            duplicates.firstTime(TestEvents.trial("r", "x", i, DAY));
        }
        // when
        for (int i = 0; i < 10; i++) {
            duplicates.firstTime(TestEvents.trial("r", "x", i, DAY));
        }
        // then
        assertThat(duplicates.dropped()).isEqualTo(10);
        assertThat(duplicates.examples()).hasSize(Duplicates.EXAMPLES).startsWith("r/0/measure");
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
