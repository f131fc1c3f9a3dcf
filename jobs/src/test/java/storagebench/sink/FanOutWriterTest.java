package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.storage.LocalStore;

class FanOutWriterTest {
    private static final Instant DAY1 = Instant.parse("2024-01-01T12:00:00Z");
    private static final Instant DAY2 = Instant.parse("2024-01-02T12:00:00Z");

    @TempDir Path dataset;

    @Test
    void commitPublishesOneFilePerFolderNamedByItsOffsetRange() throws IOException {
        // given
        try (RecordWriter writer =
                new FanOutWriter(
                        new LocalStore(dataset),
                        "t",
                        2,
                        new HivePartitioner(),
                        new ParquetFormat(1 << 20))) {
            writer.write(TestEvents.runStarted("r", "x", DAY1), 10);
            writer.write(TestEvents.trial("r", "x", 0, DAY1), 11);
            writer.write(TestEvents.trial("r", "x", 1, DAY2), 13);
            writer.write(TestEvents.trial("r", "x", 2, DAY1), 14);
            assertThat(writer.rows()).isEqualTo(4);
            assertThat(files())
                    .allMatch(name -> name.startsWith(".") && name.endsWith(".tmp"))
                    .hasSize(3);
            // when
            List<RecordWriter.CommittedFile> committed = writer.commit();
            // then
            assertThat(writer.rows()).isZero();
            assertThat(committed)
                    .extracting(RecordWriter.CommittedFile::path)
                    .containsExactlyInAnyOrder(
                            "runs/experiment=x/date=2024-01-01/"
                                    + new DataFile("t", 2, 10, 10).fileName(),
                            "trials/experiment=x/date=2024-01-01/"
                                    + new DataFile("t", 2, 11, 14).fileName(),
                            "trials/experiment=x/date=2024-01-02/"
                                    + new DataFile("t", 2, 13, 13).fileName());
            assertThat(committed)
                    .extracting(RecordWriter.CommittedFile::rows)
                    .containsExactlyInAnyOrder(1L, 2L, 1L);
            assertThat(files()).noneMatch(name -> name.endsWith(".tmp"));
        }
    }

    @Test
    void closingWithoutCommitLeavesNoTrace() throws IOException {
        // given
        RecordWriter writer =
                new FanOutWriter(
                        new LocalStore(dataset),
                        "t",
                        0,
                        new HivePartitioner(),
                        new ParquetFormat(1 << 20));
        writer.write(TestEvents.trial("r", "x", 0, DAY1), 0);
        writer.write(TestEvents.trial("r", "y", 0, DAY2), 1);
        // when
        writer.close();
        // then
        assertThat(files()).isEmpty();
    }

    private List<String> files() throws IOException {
        try (Stream<Path> paths = Files.walk(dataset)) {
            return paths.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).toList();
        }
    }
}
