package storagebench.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import storagebench.config.Settings;

/**
 * The dataset as the readers (report, compare, trend, sql, the HTML report, run's summary, the
 * dashboard) see it: a local folder DuckDB reads. Every reader gets its folder here, and only here. A local
 * dataset is its own folder; a remote one is copied into a {@link LocalMirror} under the data
 * directory, brought up to date each time a reader asks for the folder.
 */
public final class ReadableDataset implements AutoCloseable {
    private final Settings settings;
    private final Path folder;
    private DatasetStore store;

    private ReadableDataset(Settings settings, Path folder) {
        this.settings = settings;
        this.folder = folder;
    }

    /** The settings' dataset; nothing is read, copied or connected yet. */
    public static ReadableDataset of(Settings settings) {
        return new ReadableDataset(
                settings,
                settings.dataset().remote()
                        ? Stores.localArea(settings).resolve("mirror")
                        : settings.parquetDir());
    }

    /** The folder holding the dataset as it is now, for a command that reads once. */
    public static Path folder(Settings settings) {
        try (ReadableDataset dataset = of(settings)) {
            return dataset.folder();
        }
    }

    /** The local folder holding the dataset as it is now (a remote one's mirror, synced). */
    public synchronized Path folder() {
        if (settings.dataset().remote()) {
            new LocalMirror(store(), folder).sync();
        }
        return folder;
    }

    /**
     * What changes whenever the dataset does: its offset markers (every roll rewrites one). Readers that
     * keep what they read (a service's pages) read again when it changes.
     */
    public synchronized String version() {
        if (settings.dataset().remote()) {
            return remoteVersion();
        }
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

    /** The markers by name and content: each roll moves one forward. */
    private String remoteVersion() {
        StringBuilder version = new StringBuilder();
        try {
            for (String file : store().list(DatasetStore.MARKERS).stream().sorted().toList()) {
                String name = RelativePaths.fileName(file);
                if (!name.startsWith(".")) {
                    version.append(name)
                            .append('@')
                            .append(store().readMarker(name).orElse("").strip())
                            .append(';');
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot read the markers of " + store().describe() + ": " + e.getMessage(), e);
        }
        return version.toString();
    }

    private DatasetStore store() {
        if (store == null) {
            store = Stores.open(settings);
        }
        return store;
    }

    @Override
    public synchronized void close() {
        if (store != null) {
            store.close();
            store = null;
        }
    }
}
