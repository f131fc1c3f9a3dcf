package storagebench.sink;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.DurableFiles;

/**
 * Brings a topic-partition's share of the dataset back to its offset marker before consuming: temporary
 * files of an interrupted roll are deleted, and so are finished files at or beyond the marker (the
 * roll renamed them but died before moving the marker). What remains is exactly the offsets before
 * the marker, which is where consuming resumes.
 */
final class Recovery {
    private static final Logger log = LoggerFactory.getLogger(Recovery.class);

    private final Path datasetDir;
    private final OffsetMarker marker;

    Recovery(Path datasetDir) {
        this.datasetDir = datasetDir;
        this.marker = new OffsetMarker(datasetDir);
    }

    /** Cleans the topic-partition's files and returns its marker; empty means start from the beginning. */
    OptionalLong recover(String topic, int partition) {
        OptionalLong next = marker.read(topic, partition);
        long from = next.orElse(0);
        List<Path> doomed = new ArrayList<>();
        for (Path file : DatasetFiles.all(datasetDir)) {
            String name = file.getFileName().toString();
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
            Files.deleteIfExists(
                    marker.fileOf(topic, partition)
                            .resolveSibling("." + topic + "+" + partition + DataFile.TEMP_SUFFIX));
            for (Path file : doomed) {
                Files.deleteIfExists(file); // a discarding writer may have just deleted it
                DurableFiles.fsyncFolder(file.getParent());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot clean up " + datasetDir + ": " + e.getMessage(), e);
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
