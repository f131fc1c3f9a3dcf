package storagebench;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Copies of the application jar for the processes that outlive the command starting them (the
 * broker, a cluster's nodes): one per build, shared by every data directory, in {@code app/} of the
 * user's cache ({@code STORAGEBENCH_CACHE_DIR}, else {@code $XDG_CACHE_HOME/storagebench}, else
 * {@code ~/.cache/storagebench}). Why a copy: a build rewrites the jar in place (Maven's jar step,
 * which the launcher script runs when the sources changed), and a JVM running from that file loses
 * the classes it has yet to load.
 *
 * <p>A process running from a copy holds a shared lock on the copy's {@code .lock} file for its life
 * ({@link #holdWhileRunning}). A copy of another build is removed once no process holds that lock
 * and none was started from it for {@link #GRACE} (a process just started has not taken it yet).
 */
public final class JarCopies {
    static final Duration GRACE = Duration.ofMinutes(10);

    /** The running process's lock on its copy, held until it exits. */
    private static FileChannel held;

    private JarCopies() {}

    /** The folder of the copies. */
    public static Path dir() {
        String own = System.getenv("STORAGEBENCH_CACHE_DIR");
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path cache =
                own != null && !own.isBlank()
                        ? Path.of(own)
                        : xdg != null && !xdg.isBlank()
                                ? Path.of(xdg, "storagebench")
                                : Path.of(
                                        System.getProperty("user.home"), ".cache", "storagebench");
        return cache.resolve("app").toAbsolutePath();
    }

    /**
     * The copy of {@code jar} in {@code dir}, named by the jar's size and time: made once per build
     * (under a temporary name, then moved into place, so a copy is whole or absent) and marked as just
     * started from; unused copies of other builds are removed.
     */
    static Path copyOf(Path jar, Path dir) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(jar, BasicFileAttributes.class);
            String name =
                    "storagebench-"
                            + attributes.size()
                            + "-"
                            + attributes.lastModifiedTime().toMillis()
                            + ".jar";
            Files.createDirectories(dir);
            Path copy = dir.resolve(name);
            if (!Files.exists(copy)) {
                Path partial = Files.createTempFile(dir, name, ".partial");
                Files.copy(jar, partial, StandardCopyOption.REPLACE_EXISTING);
                Files.move(partial, copy, StandardCopyOption.ATOMIC_MOVE);
            }
            if (!Files.exists(lockFile(copy))) {
                Files.createFile(lockFile(copy));
            }
            Files.setLastModifiedTime(copy, FileTime.from(Instant.now()));
            removeUnused(dir, name, GRACE);
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot copy the application jar " + jar + " to " + dir + ": " + e.getMessage(),
                    e);
        }
    }

    /**
     * Removes the copies in {@code dir} other than {@code keep} that no process holds and none was
     * started from for {@code grace}, and what an interrupted copy left.
     */
    static void removeUnused(Path dir, String keep, Duration grace) throws IOException {
        Instant before = Instant.now().minus(grace);
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "storagebench-*")) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                if (!(name.endsWith(".partial") || name.endsWith(".jar")) || name.equals(keep)) {
                    continue;
                }
                boolean old;
                try {
                    old = Files.getLastModifiedTime(file).toInstant().isBefore(before);
                } catch (NoSuchFileException e) {
                    continue; // removed by another command meanwhile
                }
                if (old && name.endsWith(".partial")) {
                    Files.deleteIfExists(file);
                } else if (old) {
                    Optional<ProcessLock> unused = ProcessLock.tryTake(lockFile(file));
                    if (unused.isPresent()) {
                        try (ProcessLock lock = unused.get()) {
                            Files.deleteIfExists(file);
                            Files.deleteIfExists(lockFile(file));
                        }
                    }
                }
            }
        }
    }

    /**
     * Called first by a process that outlives its command: when it runs from a copy, holds a shared
     * lock on the copy's {@code .lock} file until it exits, so no other build's command removes it.
     */
    public static synchronized void holdWhileRunning() {
        String classPath = System.getProperty("java.class.path");
        if (held != null || !classPath.endsWith(".jar") || classPath.contains(File.pathSeparator)) {
            return;
        }
        Path lock = lockFile(Path.of(classPath));
        if (!Files.isRegularFile(lock)) {
            return;
        }
        try {
            FileChannel channel = FileChannel.open(lock, StandardOpenOption.READ);
            channel.lock(0, Long.MAX_VALUE, true);
            held = channel;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock " + lock + ": " + e.getMessage(), e);
        }
    }

    static Path lockFile(Path copy) {
        return copy.resolveSibling(copy.getFileName() + ".lock");
    }
}
