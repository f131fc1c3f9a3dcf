package storagebench.storage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;

/**
 * The dataset on HDFS, where a rename is atomic: a file is uploaded under its hidden temporary name in
 * its final folder, synced, and renamed to its final name; a marker is written as a hidden temporary
 * file and renamed over the old one.
 */
final class HdfsStore extends HadoopStore {
    private final FileContext context;

    HdfsStore(FileSystem fs, Path root, java.nio.file.Path spool) throws IOException {
        super(fs, root, spool);
        this.context = FileContext.getFileContext(fs.getUri(), fs.getConf());
    }

    @Override
    public String publish(Staged file, String finalName) throws IOException {
        Path temp = pathOf(file.path());
        String path = RelativePaths.join(file.folder(), finalName);
        upload(file.local(), temp);
        if (!fs.rename(temp, pathOf(path))) {
            throw new IOException("cannot rename " + temp + " to " + finalName);
        }
        dropStaged(file);
        return path;
    }

    @Override
    public void writeMarker(String name, String text) throws IOException {
        Path temp = marker("." + name + ".tmp");
        write(temp, text.getBytes(StandardCharsets.UTF_8));
        // FileSystem's own rename never replaces a file; FileContext's does, atomically
        context.rename(temp, marker(name), Options.Rename.OVERWRITE);
    }
}
