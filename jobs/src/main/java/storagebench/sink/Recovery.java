package storagebench.sink;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.storage.DatasetStore;
import storagebench.storage.RelativePaths;

/**
 * Brings a topic-partition's share of the dataset back to its offset marker before consuming: temporary
 * files of an interrupted roll are deleted (wherever the store staged them), and so are finished files
 * at or beyond the marker (the roll published them but died before moving the marker). What remains is
 * exactly the offsets before the marker, which is where consuming resumes. Finished files go in
 * {@link Visibility}'s deletion order, {@code runs} first.
 */
final class Recovery {
    private static final Logger log = LoggerFactory.getLogger(Recovery.class);

    private final DatasetStore store;
    private final OffsetMarker marker;

    Recovery(DatasetStore store) {
        this.store = store;
        this.marker = new OffsetMarker(store);
    }

    /** Cleans the topic-partition's files and returns its marker; empty means start from the beginning. */
    OptionalLong recover(String topic, int partition) {
        OptionalLong next = marker.read(topic, partition);
        long from = next.orElse(0);
        List<String> doomed = new ArrayList<>();
        for (String file : DatasetFiles.all(store)) {
            String name = RelativePaths.fileName(file);
            boolean stale =
                    DataFile.isTempOf(name, topic, partition)
                            || DataFile.parse(name)
                                    .filter(
                                            f ->
                                                    f.belongsTo(topic, partition)
                                                            && f.firstOffset() >= from)
                                    .isPresent();
            if (stale) {
                doomed.add(file);
            }
        }
        try {
            store.delete(
                    OffsetMarker.FOLDER
                            + "/."
                            + OffsetMarker.nameOf(topic, partition)
                            + DataFile.TEMP_SUFFIX);
            for (String file : Visibility.deletionOrder(doomed)) {
                store.delete(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot clean up " + store.describe() + ": " + e.getMessage(), e);
        }
        if (!doomed.isEmpty()) {
            log.info(
                    "{}-{}: removed {} unfinished file(s) left by an interrupted sink; resuming at offset {}",
                    topic,
                    partition,
                    doomed.size(),
                    from);
        }
        return next;
    }
}
