package storagebench.sink;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.OptionalLong;
import storagebench.storage.DatasetStore;

/**
 * The dataset's own record of progress: per topic-partition, the next offset to read, in
 * {@code <dataset>/_offsets/<topic>+<partition>}. Everything before it is in finished files (or was
 * dead-lettered); nothing at or after it is. Replaced whole after the files of a roll.
 */
final class OffsetMarker {
    static final String FOLDER = DatasetStore.MARKERS;

    private final DatasetStore store;

    OffsetMarker(DatasetStore store) {
        this.store = store;
    }

    OptionalLong read(String topic, int partition) {
        String name = nameOf(topic, partition);
        try {
            return store.readMarker(name)
                    .map(text -> OptionalLong.of(Long.parseLong(text.strip())))
                    .orElse(OptionalLong.empty());
        } catch (NumberFormatException e) {
            throw new IllegalStateException(
                    "offset marker "
                            + where(name)
                            + " is corrupt; delete the dataset to rebuild it");
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot read offset marker " + where(name) + ": " + e.getMessage(), e);
        }
    }

    void write(String topic, int partition, long nextOffset) {
        String name = nameOf(topic, partition);
        try {
            store.writeMarker(name, nextOffset + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot write offset marker " + where(name) + ": " + e.getMessage(), e);
        }
    }

    private String where(String name) {
        return store.describe() + "/" + FOLDER + "/" + name;
    }

    /** The marker's name: {@code <topic>+<partition>}. */
    static String nameOf(String topic, int partition) {
        return topic + "+" + partition;
    }

    /** The marker's file in a local dataset. */
    static Path fileOf(Path datasetDir, String topic, int partition) {
        return datasetDir.resolve(FOLDER).resolve(nameOf(topic, partition));
    }
}
