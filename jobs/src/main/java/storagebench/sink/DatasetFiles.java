package storagebench.sink;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/** The files under a dataset's root, its offset markers left out: what recovery cleans and the id index reads. */
final class DatasetFiles {
    private DatasetFiles() {}

    /** Every file, finished, temporary or foreign; none when the folder does not exist yet. */
    static List<Path> all(Path datasetDir) {
        List<Path> all = new ArrayList<>();
        if (!Files.isDirectory(datasetDir)) {
            return all;
        }
        try {
            Files.walkFileTree(
                    datasetDir,
                    new SimpleFileVisitor<>() {
                        @Override
                        public FileVisitResult preVisitDirectory(
                                Path dir, BasicFileAttributes attrs) {
                            return dir.getFileName().toString().equals(OffsetMarker.FOLDER)
                                    ? FileVisitResult.SKIP_SUBTREE
                                    : FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                            all.add(file);
                            return FileVisitResult.CONTINUE;
                        }
                    });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + datasetDir + ": " + e.getMessage(), e);
        }
        return all;
    }

    /** The finished data files (named {@code <topic>+<partition>+<first>+<last>.parquet}). */
    static List<Path> finished(Path datasetDir) {
        return all(datasetDir).stream()
                .filter(f -> DataFile.parse(f.getFileName().toString()).isPresent())
                .toList();
    }
}
