package storagebench.storage;

import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where the Parquet dataset is kept: a local folder ({@link LocalStore}) or a Hadoop file system
 * ({@link HdfsStore}, {@link S3Store}). The sink writes, marks and recovers through it; readers copy
 * from it ({@link LocalMirror}). Files are named by paths relative to the dataset's root, with
 * {@code /} between folders ({@code trials/experiment=x/date=2024-01-01/<topic>+0+…+….parquet}).
 *
 * <p>A new file is written locally ({@link #stage}), then either {@link #publish published} — made
 * durable and visible under its final name whole, never in part — or {@link #discard discarded}. How a
 * store makes a file visible at once is its own business: an atomic rename in a local folder or on
 * HDFS, a single upload on S3, whose object appears only once the upload completes.
 *
 * <p>Offset markers ({@value #MARKERS}{@code /<name>}) are replaced whole: a reader sees the old text or
 * the new one.
 */
public interface DatasetStore extends AutoCloseable {
    /** The folder of the offset markers, under the root. */
    String MARKERS = "_offsets";

    /**
     * Every file of the dataset under {@code folder} (empty: the whole dataset): finished, temporary,
     * markers, anything else found there, and files staged but neither published nor discarded
     * (wherever the store keeps them); none when there is no such folder yet.
     */
    List<String> list(String folder) throws IOException;

    /** Deletes {@code file}, staged or stored, if it exists. */
    void delete(String file) throws IOException;

    /** The text of the marker {@code name}, or empty when there is none. */
    Optional<String> readMarker(String name) throws IOException;

    /** Replaces the marker {@code name} whole with {@code text}, durably. */
    void writeMarker(String name, String text) throws IOException;

    /** A local file to write the dataset's file {@code name} of {@code folder} into. */
    Staged stage(String folder, String name) throws IOException;

    /**
     * Makes a written staged file durable and visible under {@code finalName} in its folder, whole;
     * returns the file's path.
     */
    String publish(Staged file, String finalName) throws IOException;

    /** Drops a staged file without publishing it; never fails (recovery removes leftovers). */
    void discard(Staged file);

    /** A finished file, for reading at any position. */
    SeekableByteChannel open(String file) throws IOException;

    /** The dataset's folder or URL, for messages. */
    String describe();

    /** The dataset's folder when it is a local one, which an OS file lock can guard; else empty. */
    Optional<Path> localFolder();

    /** Releases the connection, if any; never fails. */
    @Override
    void close();

    /**
     * A file being written before it is published.
     *
     * @param folder its folder in the dataset
     * @param name its name while staged
     * @param local where to write it
     */
    record Staged(String folder, String name, Path local) {
        /** Its path in the dataset while staged. */
        public String path() {
            return RelativePaths.join(folder, name);
        }
    }
}
