package storagebench;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An exclusive lock on a file, held by one process at a time: a run (its run directory) or a sink (its
 * dataset). The operating system releases it when the process dies, so a crash never leaves it stuck,
 * and getting it proves the process that held it is gone.
 */
public final class ProcessLock implements AutoCloseable {
    /**
     * The files this JVM holds locks on. Asking again for one of them must not open it a second time:
     * on Linux, closing any channel of a file drops every lock the JVM holds on it.
     */
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

    private final FileChannel channel;
    private final FileLock lock;
    private final Path file;

    private ProcessLock(FileChannel channel, FileLock lock, Path file) {
        this.channel = channel;
        this.lock = lock;
        this.file = file;
    }

    /**
     * Takes the lock on {@code file}, creating it and its folder.
     *
     * @return the lock, or empty when another process (or another holder in this one) has it
     * @throws IOException when the file cannot be created or locked at all
     */
    public static Optional<ProcessLock> tryTake(Path file) throws IOException {
        Path key = file.toAbsolutePath().normalize();
        if (!HELD.add(key)) {
            return Optional.empty();
        }
        try {
            Files.createDirectories(key.getParent());
            FileChannel channel =
                    FileChannel.open(key, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
            if (lock == null) {
                channel.close();
                HELD.remove(key);
                return Optional.empty();
            }
            return Optional.of(new ProcessLock(channel, lock, key));
        } catch (IOException | RuntimeException e) {
            HELD.remove(key);
            throw e;
        }
    }

    /**
     * Replaces the file's content with {@code text} (who holds it, for the messages of those who find
     * it taken).
     */
    public void note(String text) throws IOException {
        channel.truncate(0);
        channel.write(
                java.nio.ByteBuffer.wrap(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                0);
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            // closing the channel releases the lock anyway
        } finally {
            HELD.remove(file);
        }
    }
}
