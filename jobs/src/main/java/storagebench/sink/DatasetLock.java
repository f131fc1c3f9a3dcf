package storagebench.sink;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import storagebench.ProcessLock;

/** One sink per dataset: two would both resume from the same marker and write every event twice. */
final class DatasetLock {
    private DatasetLock() {}

    static ProcessLock acquire(Path datasetDir) {
        Path file = datasetDir.resolve(OffsetMarker.FOLDER).resolve(".lock");
        try {
            return ProcessLock.tryTake(file)
                    .orElseThrow(
                            () ->
                                    new DatasetLockedException(
                                            "another sink is writing " + "to " + datasetDir));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock " + file + ": " + e.getMessage(), e);
        }
    }
}
