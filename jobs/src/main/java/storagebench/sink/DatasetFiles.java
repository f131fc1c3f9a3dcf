package storagebench.sink;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import storagebench.storage.DatasetStore;
import storagebench.storage.RelativePaths;

/** The files of a dataset, its offset markers left out: what recovery cleans and the id index reads. */
final class DatasetFiles {
    private static final String MARKERS = DatasetStore.MARKERS + "/";

    private DatasetFiles() {}

    /** Every file, finished, temporary or foreign; none when the dataset does not exist yet. */
    static List<String> all(DatasetStore store) {
        try {
            return store.list("").stream().filter(f -> !f.startsWith(MARKERS)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot list " + store.describe() + ": " + e.getMessage(), e);
        }
    }

    /** The finished data files (named {@code <topic>+<partition>+<first>+<last>.parquet}). */
    static List<String> finished(DatasetStore store) {
        return all(store).stream().filter(f -> nameOf(f).isPresent()).toList();
    }

    /** The dataset file {@code path} names, if it names a finished one. */
    static Optional<DataFile> nameOf(String path) {
        return DataFile.parse(RelativePaths.fileName(path));
    }
}
