package storagebench.spark;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/** Files copied to and from a dataset on HDFS or S3 with Hadoop's own API. */
final class HadoopCopies {
    private HadoopCopies() {}

    /**
     * A local file to {@code url} (a file's URL on HDFS or S3), written through an output stream:
     * S3A's copyFromLocalFile needs the AWS SDK's Netty client, which the module leaves out.
     */
    static void upload(Configuration conf, Path file, String url) throws IOException {
        org.apache.hadoop.fs.Path to = new org.apache.hadoop.fs.Path(url);
        try (OutputStream out = to.getFileSystem(conf).create(to, false)) {
            Files.copy(file, out);
        }
    }

    /** The folder at {@code url}, copied whole to the local folder {@code to} (no .crc files). */
    static Path download(Configuration conf, String url, Path to) throws IOException {
        org.apache.hadoop.fs.Path from = new org.apache.hadoop.fs.Path(url);
        FileSystem fs = from.getFileSystem(conf);
        fs.copyToLocalFile(false, from, local(to), true);
        return to;
    }

    /** A local path as Hadoop's, its characters as they are ({@code %20} is not a space). */
    private static org.apache.hadoop.fs.Path local(Path path) {
        return new org.apache.hadoop.fs.Path("file", null, path.toAbsolutePath().toString());
    }
}
