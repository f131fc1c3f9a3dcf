package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.storage.LocalStore;

class OffsetMarkerTest {
    @TempDir Path dataset;

    @Test
    void absentUntilWrittenThenTheLatestValue() {
        // given
        OffsetMarker marker = new OffsetMarker(new LocalStore(dataset));
        // when / then
        assertThat(marker.read("t", 0)).isEmpty();
        marker.write("t", 0, 10);
        marker.write("t", 0, 25);
        marker.write("t", 1, 3);
        assertThat(marker.read("t", 0)).hasValue(25);
        assertThat(marker.read("t", 1)).hasValue(3);
        assertThat(marker.read("u", 0)).isEmpty();
    }

    @Test
    void livesInTheDatasetAndLeavesNoTemporaryFile() throws Exception {
        // given
        OffsetMarker marker = new OffsetMarker(new LocalStore(dataset));
        // when
        marker.write("storagebench.events", 0, 7);
        // then
        try (var files = Files.list(dataset.resolve("_offsets"))) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactly("storagebench.events+0");
        }
        assertThat(Files.readString(dataset.resolve("_offsets/storagebench.events+0")).strip())
                .isEqualTo("7");
    }

    @Test
    void aCorruptMarkerStopsTheSinkInsteadOfGuessing() throws Exception {
        // given
        Files.createDirectories(dataset.resolve("_offsets"));
        Files.writeString(dataset.resolve("_offsets/t+0"), "not a number");
        // when / then
        assertThatThrownBy(() -> new OffsetMarker(new LocalStore(dataset)).read("t", 0))
                .hasMessageContaining("corrupt");
    }
}
