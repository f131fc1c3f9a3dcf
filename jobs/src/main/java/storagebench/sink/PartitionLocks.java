package storagebench.sink;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.common.TopicPartition;
import storagebench.ProcessLock;

/**
 * A partition's files are written by one sink at a time. The consumer group decides which sink that
 * is; where the dataset is a local folder, an operating-system lock per partition ({@code
 * _offsets/.lock-<topic>+<partition>}, holding the holder's process id) makes it certain: a sink that
 * was frozen past its session timeout still holds it, so the partition's new owner waits until the
 * old one has noticed it lost the partition and let go (or died). On a distributed file system there
 * is no such lock; there the fence before each publication ({@link Fence}) alone keeps a stale sink
 * from publishing.
 */
final class PartitionLocks implements AutoCloseable {
    private final Path folder;
    private final Map<TopicPartition, ProcessLock> held = new HashMap<>();

    /** @param datasetDir the dataset's local folder, or null where the storage has no file locks */
    PartitionLocks(Path datasetDir) {
        this.folder = datasetDir == null ? null : datasetDir.resolve(OffsetMarker.FOLDER);
    }

    /** Takes the partition's lock; false when another process holds it. */
    boolean tryTake(TopicPartition partition) {
        if (folder == null || held.containsKey(partition)) {
            return true;
        }
        Path file = fileOf(partition);
        try {
            Optional<ProcessLock> lock = ProcessLock.tryTake(file);
            if (lock.isEmpty()) {
                return false;
            }
            lock.get().note(String.valueOf(ProcessHandle.current().pid()));
            held.put(partition, lock.get());
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock " + file + ": " + e.getMessage(), e);
        }
    }

    /** The process id noted in the lock file of a partition another process holds, for messages. */
    String holder(TopicPartition partition) {
        if (folder == null) {
            return "?";
        }
        try {
            String pid = Files.readString(fileOf(partition), StandardCharsets.UTF_8).strip();
            return pid.isEmpty() ? "?" : pid;
        } catch (IOException e) {
            return "?";
        }
    }

    void release(TopicPartition partition) {
        ProcessLock lock = held.remove(partition);
        if (lock != null) {
            lock.close();
        }
    }

    private Path fileOf(TopicPartition partition) {
        return folder.resolve(".lock-" + partition.topic() + "+" + partition.partition());
    }

    @Override
    public void close() {
        held.values().forEach(ProcessLock::close);
        held.clear();
    }
}
