package storagebench.storage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The dataset on S3 (S3A), where a rename is a copy and a delete, not atomic. Nothing is written under
 * a temporary name in the bucket: a finished file is uploaded straight to its final, offset-named key,
 * and an S3 object becomes visible whole when its upload completes (a single PUT, or the completion of
 * a multipart upload), never in part; Kafka Connect's S3 sink relies on the same. A marker is one PUT
 * of a small object, which replaces the old one whole.
 */
final class S3Store extends HadoopStore {
    S3Store(FileSystem fs, Path root, java.nio.file.Path spool) {
        super(fs, root, spool);
    }

    @Override
    public String publish(Staged file, String finalName) throws IOException {
        String path = RelativePaths.join(file.folder(), finalName);
        upload(file.local(), pathOf(path));
        dropStaged(file);
        return path;
    }

    @Override
    public void writeMarker(String name, String text) throws IOException {
        write(marker(name), text.getBytes(StandardCharsets.UTF_8));
    }
}
