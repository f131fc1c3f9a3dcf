package storagebench;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * The three file-system steps exactly-once rests on: fsync a file, rename it atomically, fsync its
 * folder so the rename itself survives a power cut. The sink's Parquet files and offset markers, the
 * event archive and the import quarantine all become visible this way, whole or not at all.
 */
public final class DurableFiles {
    /** The suffix of a file being written, before it is renamed to its name. */
    public static final String TEMP_SUFFIX = ".tmp";

    private DurableFiles() {}

    public static void fsync(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
    }

    /** Renames {@code from} to {@code to} (same folder) atomically, replacing it, and fsyncs the folder. */
    public static void publish(Path from, Path to) throws IOException {
        Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        fsyncFolder(to.toAbsolutePath().getParent());
    }

    /** Makes a finished temporary file visible under {@code target}: fsync, atomic rename, folder fsync. */
    public static void commit(Path temp, Path target) throws IOException {
        fsync(temp);
        publish(temp, target);
    }

    /** Writes {@code text} to {@code file} so that readers see the old or the new content, never a mix. */
    public static void writeAtomically(Path file, String text) throws IOException {
        Path temp = file.resolveSibling("." + file.getFileName() + TEMP_SUFFIX);
        Files.writeString(temp, text, StandardCharsets.UTF_8);
        commit(temp, file);
    }

    /** Creates {@code folder} and any missing parents, fsyncing the parent of each folder it creates. */
    public static void createFolders(Path folder) throws IOException {
        if (Files.isDirectory(folder)) {
            return;
        }
        Path parent = folder.toAbsolutePath().getParent();
        if (parent != null) {
            createFolders(parent);
        }
        try {
            Files.createDirectory(folder);
        } catch (FileAlreadyExistsException e) {
            return;
        }
        if (parent != null) {
            fsyncFolder(parent);
        }
    }

    /** Fsyncs {@code folder}; a bare file name's parent ({@code null}) is the working folder. */
    public static void fsyncFolder(Path folder) throws IOException {
        Path open = folder == null ? Path.of("").toAbsolutePath() : folder;
        try (FileChannel channel = FileChannel.open(open, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // Some platforms (Windows) cannot open a folder; there a rename is durable once it
            // returns.
            if (!System.getProperty("os.name", "").startsWith("Windows")) {
                throw e;
            }
        }
    }
}
