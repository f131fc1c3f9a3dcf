package storagebench.sink;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import storagebench.DurableFiles;

/**
 * The dataset's own record of progress: per topic-partition, the next offset to read, in
 * {@code <dataset>/_offsets/<topic>+<partition>}. Everything before it is in finished files (or was
 * dead-lettered); nothing at or after it is. Written atomically after the files of a roll.
 */
final class OffsetMarker {
    static final String FOLDER = "_offsets";

    private final Path folder;

    OffsetMarker(Path datasetDir) {
        this.folder = datasetDir.resolve(FOLDER);
    }

    OptionalLong read(String topic, int partition) {
        Path file = fileOf(topic, partition);
        try {
            if (!Files.exists(file)) {
                return OptionalLong.empty();
            }
            String text = Files.readString(file, StandardCharsets.UTF_8).strip();
            return OptionalLong.of(Long.parseLong(text));
        } catch (NumberFormatException e) {
            throw new IllegalStateException(
                    "offset marker " + file + " is corrupt; delete the dataset to rebuild it");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read offset marker " + file, e);
        }
    }

    void write(String topic, int partition, long nextOffset) {
        Path file = fileOf(topic, partition);
        try {
            DurableFiles.createFolders(folder);
            DurableFiles.writeAtomically(file, nextOffset + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write offset marker " + file, e);
        }
    }

    Path fileOf(String topic, int partition) {
        return folder.resolve(topic + "+" + partition);
    }
}
