package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.storage.LocalStore;

class RecoveryTest {
    private static final String TOPIC = "storagebench.events";

    @TempDir Path dataset;

    @Test
    void removesTemporaryFilesAndFilesOfAnInterruptedRoll() throws IOException {
        // given: two complete rolls (0..99, 100..199), then a roll that renamed some files but died
        // before the marker
        Path a = dataset.resolve("trials/experiment=a/date=2024-01-01");
        Path b = dataset.resolve("runs/experiment=b/date=2024-01-02");
        touch(a, new DataFile(TOPIC, 0, 0, 99).fileName());
        touch(b, new DataFile(TOPIC, 0, 5, 97).fileName());
        touch(a, new DataFile(TOPIC, 0, 100, 199).fileName());
        new OffsetMarker(new LocalStore(dataset)).write(TOPIC, 0, 200);
        touch(a, new DataFile(TOPIC, 0, 200, 260).fileName());
        touch(b, new DataFile(TOPIC, 0, 201, 270).fileName());
        touch(b, DataFile.tempName(TOPIC, 0, 205));
        touch(dataset.resolve("_offsets"), "." + TOPIC + "+0.tmp");
        // and files of another partition, which belong to someone else
        touch(a, new DataFile(TOPIC, 1, 500, 600).fileName());
        touch(a, DataFile.tempName(TOPIC, 1, 601));
        // when
        var next = new Recovery(new LocalStore(dataset)).recover(TOPIC, 0);
        // then
        assertThat(next).hasValue(200);
        assertThat(names())
                .containsExactlyInAnyOrder(
                        new DataFile(TOPIC, 0, 0, 99).fileName(),
                        new DataFile(TOPIC, 0, 5, 97).fileName(),
                        new DataFile(TOPIC, 0, 100, 199).fileName(),
                        new DataFile(TOPIC, 1, 500, 600).fileName(),
                        DataFile.tempName(TOPIC, 1, 601),
                        TOPIC + "+0");
    }

    @Test
    void withoutAMarkerNothingOfThePartitionCountsAsWritten() throws IOException {
        // given: the first roll died between renames
        Path a = dataset.resolve("trials/experiment=a/date=2024-01-01");
        touch(a, new DataFile(TOPIC, 0, 0, 99).fileName());
        touch(a, DataFile.tempName(TOPIC, 0, 1));
        // when
        var next = new Recovery(new LocalStore(dataset)).recover(TOPIC, 0);
        // then
        assertThat(next).isEmpty();
        assertThat(names()).isEmpty();
    }

    @Test
    void aMissingDatasetIsAFreshStart() {
        // given
        Path missing = dataset.resolve("nothing-here");
        // when / then
        assertThat(new Recovery(new LocalStore(missing)).recover(TOPIC, 0)).isEmpty();
    }

    private static void touch(Path folder, String name) throws IOException {
        Files.createDirectories(folder);
        Files.writeString(folder.resolve(name), "x");
    }

    private List<String> names() throws IOException {
        try (Stream<Path> files = Files.walk(dataset)) {
            return files.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).toList();
        }
    }
}
