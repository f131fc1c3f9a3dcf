package storagebench.sink;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One sink per dataset: two would both resume from the same marker and write every event twice. The
 * operating system releases the lock when the process dies, so a crash never leaves it stuck.
 */
final class DatasetLock implements AutoCloseable {
    private final FileChannel channel;
    private final FileLock lock;

    private DatasetLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    static DatasetLock acquire(Path datasetDir) {
        Path file = datasetDir.resolve(OffsetMarker.FOLDER).resolve(".lock");
        try {
            Files.createDirectories(file.getParent());
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                channel.close();
                throw new DatasetLockedException("another sink is writing to " + datasetDir);
            }
            return new DatasetLock(channel, lock);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            // closing the channel releases the lock anyway
        }
    }
}
