package storagebench.broker;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Which commands use a broker: each connected command holds a lock on a file of its own in the
 * broker's {@code clients} folder (locked under a hidden name first, then renamed, so the broker never
 * sees an unlocked lease), and the operating system drops the lock when the command dies.
 */
final class ClientLeases {
    private static final String SUFFIX = ".lock";
    private final Path dir;

    ClientLeases(Path dir) {
        this.dir = dir;
    }

    /** Registers this process as a user of the broker until the returned lease is closed. */
    Lease take() throws IOException {
        Files.createDirectories(dir);
        String name = ProcessHandle.current().pid() + "-" + UUID.randomUUID();
        Path hidden = dir.resolve("." + name);
        FileChannel channel =
                FileChannel.open(hidden, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        try {
            FileLock lock = channel.lock();
            Path file = dir.resolve(name + SUFFIX);
            Files.move(hidden, file, StandardCopyOption.ATOMIC_MOVE);
            return new Lease(channel, lock, file);
        } catch (IOException | RuntimeException e) {
            channel.close();
            Files.deleteIfExists(hidden);
            throw e;
        }
    }

    /** Whether any command holds a lease; leases of dead commands are removed on the way. */
    boolean anyHeld() {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        List<Path> leases;
        try (Stream<Path> files = Files.list(dir)) {
            leases = files.filter(f -> f.getFileName().toString().endsWith(SUFFIX)).toList();
        } catch (IOException e) {
            return true;
        }
        boolean held = false;
        for (Path lease : leases) {
            held |= heldOrRemoved(lease);
        }
        return held;
    }

    private static boolean heldOrRemoved(Path lease) {
        try (FileChannel channel = FileChannel.open(lease, StandardOpenOption.WRITE)) {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                return true;
            }
            Files.deleteIfExists(lease);
            lock.release();
            return false;
        } catch (OverlappingFileLockException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** One command's use of the broker. */
    static final class Lease implements AutoCloseable {
        private final FileChannel channel;
        private final FileLock lock;
        private final Path file;

        private Lease(FileChannel channel, FileLock lock, Path file) {
            this.channel = channel;
            this.lock = lock;
            this.file = file;
        }

        @Override
        public void close() {
            try {
                Files.deleteIfExists(file);
                lock.release();
                channel.close();
            } catch (IOException e) {
                // closing the channel drops the lock; the broker removes the file
            }
        }
    }
}
