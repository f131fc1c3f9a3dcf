package storagebench.storage;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.ProcessLock;

/**
 * A local copy of a remote dataset's finished Parquet files, for DuckDB, which reads neither HDFS nor
 * (without an extension it cannot download here) S3. Dataset files are immutable and named by the
 * offsets they hold, so a sync copies only the files it lacks, whole (to a hidden temporary name, then
 * renamed), and drops those the dataset no longer has (recovery removed them). One process syncs a
 * mirror at a time (a file lock beside it).
 */
final class LocalMirror {
    private static final Logger log = LoggerFactory.getLogger(LocalMirror.class);
    private static final Duration LOCK_WAIT = Duration.ofSeconds(120);

    private final DatasetStore store;
    private final Path folder;

    LocalMirror(DatasetStore store, Path folder) {
        this.store = store;
        this.folder = folder;
    }

    /** Brings the mirror up to the dataset's files as listed now. */
    void sync() {
        try (ProcessLock lock = lock()) {
            long start = System.nanoTime();
            Set<String> wanted = new HashSet<>(readable(store.list("")));
            List<String> held = readable(new LocalStore(folder).list(""));
            long copied = 0;
            long bytes = 0;
            for (String file : wanted) {
                if (!held.contains(file)) {
                    try {
                        bytes += copy(file);
                        copied++;
                    } catch (FileNotFoundException e) {
                        // removed since the listing by a sink's recovery: not part of the dataset
                    }
                }
            }
            long dropped = 0;
            for (String file : held) {
                if (!wanted.contains(file)) {
                    Files.deleteIfExists(RelativePaths.under(folder, file));
                    dropped++;
                }
            }
            if (copied + dropped > 0) {
                log.info(
                        "mirrored {} into {}: {} new file(s), {} KiB, {} dropped, in {} ms",
                        store.describe(),
                        folder,
                        copied,
                        bytes / 1024,
                        dropped,
                        (System.nanoTime() - start) / 1_000_000);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot copy " + store.describe() + " to " + folder + ": " + e.getMessage(), e);
        }
    }

    /** What readers read: Parquet files, hidden and temporary ones left out. */
    private static List<String> readable(List<String> files) {
        return files.stream()
                .filter(f -> f.endsWith(".parquet"))
                .filter(f -> !f.startsWith(DatasetStore.MARKERS + "/"))
                .filter(f -> !RelativePaths.fileName(f).startsWith("."))
                .toList();
    }

    private long copy(String file) throws IOException {
        Path target = RelativePaths.under(folder, file);
        Files.createDirectories(target.getParent());
        Path temp = target.resolveSibling("." + target.getFileName() + ".tmp");
        long bytes;
        try (SeekableByteChannel channel = store.open(file);
                InputStream in = Channels.newInputStream(channel)) {
            bytes = Files.copy(in, temp, StandardCopyOption.REPLACE_EXISTING);
        }
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        return bytes;
    }

    private ProcessLock lock() throws IOException {
        Path file = folder.resolveSibling(folder.getFileName() + ".lock");
        long deadline = System.nanoTime() + LOCK_WAIT.toNanos();
        while (true) {
            Optional<ProcessLock> lock = ProcessLock.tryTake(file);
            if (lock.isPresent()) {
                return lock.get();
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("another process has been copying it for " + LOCK_WAIT);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for another process copying it");
            }
        }
    }
}
