package storagebench.storage;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Opens the store of an {@code hdfs://} or {@code s3a://} dataset: the settings' {@code hadoop.*} are
 * its Hadoop configuration (S3 credentials better from {@code AWS_ACCESS_KEY_ID} and {@code
 * AWS_SECRET_ACCESS_KEY}, which S3A reads itself). Only a remote dataset loads a Hadoop configuration.
 */
final class HadoopStores {
    private HadoopStores() {}

    static DatasetStore open(URI url, Map<String, String> hadoop, java.nio.file.Path localArea) {
        Configuration conf = new Configuration();
        // S3A buffers an upload on disk: beside the spool rather than in /tmp
        conf.set("fs.s3a.buffer.dir", localArea.resolve("s3a-buffer").toString());
        // S3A's default stream in 3.5 (the analytics accelerator) prefetches Parquet footers on
        // threads
        // of its own and logs their failures with stack traces; the store reads whole files (the
        // mirror) or one column (the sink's ids), which the classic stream does well
        conf.set("fs.s3a.input.stream.type", "classic");
        // Hadoop's own retries wait minutes for a namenode or endpoint that refuses connections (3
        // min
        // for S3A, 26 s for HDFS, measured): fewer, so that a wrong URL is said within seconds
        conf.set("ipc.client.connect.max.retries", "2");
        conf.set("fs.s3a.attempts.maximum", "3");
        conf.set("fs.s3a.retry.limit", "3");
        hadoop.forEach(conf::set);
        Path root = new Path(url);
        java.nio.file.Path spool = localArea.resolve("spool");
        FileSystem fs = null;
        try {
            fs = FileSystem.newInstance(url, conf);
            probe(fs, root);
            return url.getScheme().equalsIgnoreCase("s3a")
                    ? new S3Store(fs, root, spool)
                    : new HdfsStore(fs, root, spool);
        } catch (IOException | RuntimeException e) {
            if (fs != null) {
                try {
                    fs.close();
                } catch (IOException ignored) {
                    // the failure below is what matters
                }
            }
            throw new UncheckedIOException(
                    "cannot reach the dataset at " + url + ": " + oneLine(e),
                    e instanceof IOException io ? io : new IOException(e));
        }
    }

    /** Reaches the file system once, so that a wrong URL, host or bucket fails before any work. */
    private static void probe(FileSystem fs, Path root) throws IOException {
        try {
            fs.getFileStatus(root);
        } catch (FileNotFoundException e) {
            // a dataset not written yet
        }
    }

    /**
     * The first line of the innermost cause's message (the refused connection, the missing bucket, the
     * denied access), without Hadoop's pointers to its wiki.
     */
    static String oneLine(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null
                && root.getCause() != root
                && root.getCause().getMessage() != null
                && !root.getCause().getMessage().isBlank()) {
            root = root.getCause();
        }
        String m = root.getMessage();
        if (m == null || m.isBlank()) {
            return e.getClass().getSimpleName();
        }
        m = m.lines().findFirst().orElse(m).strip();
        int more = m.indexOf("; For more details see");
        return more < 0 ? m : m.substring(0, more);
    }
}
