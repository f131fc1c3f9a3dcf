package storagebench.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import storagebench.config.Settings;

/**
 * The dataset as the readers (report, compare, trend, the HTML report, the dashboard) see it: a local
 * folder DuckDB reads. Every reader gets its folder here, and only here.
 */
public final class ReadableDataset {
    private final Path folder;

    private ReadableDataset(Path folder) {
        this.folder = folder;
    }

    /** The settings' dataset; nothing is read or copied yet. */
    public static ReadableDataset of(Settings settings) {
        return new ReadableDataset(settings.parquetDir());
    }

    /** {@code of(settings).folder()}: for a command that reads once. */
    public static Path folder(Settings settings) {
        return of(settings).folder();
    }

    /** The local folder holding the dataset as it is now. */
    public Path folder() {
        return folder;
    }

    /**
     * What changes whenever the dataset does: its offset markers (every roll rewrites one), by name and
     * time. Readers that keep what they read (a service's pages) read again when it changes.
     */
    public String version() {
        Path markers = folder.resolve(DatasetStore.MARKERS);
        if (!Files.isDirectory(markers)) {
            return "";
        }
        StringBuilder version = new StringBuilder();
        try (Stream<Path> files = Files.list(markers)) {
            for (Path f : files.sorted().toList()) {
                version.append(f.getFileName())
                        .append('@')
                        .append(Files.getLastModifiedTime(f).toMillis())
                        .append(';');
            }
        } catch (IOException | UncheckedIOException e) {
            // a marker replaced while listed: a new version all the same
            return "changing@" + System.nanoTime();
        }
        return version.toString();
    }
}
