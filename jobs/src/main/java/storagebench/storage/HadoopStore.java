package storagebench.storage;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.StreamCapabilities;

/**
 * The dataset on a Hadoop file system. Files are staged in a local spool folder (so that a file being
 * written costs no request and a crashed sink leaves nothing half-written remotely), and published by
 * uploading the finished file, the way each subclass makes visible at once.
 */
abstract class HadoopStore implements DatasetStore {
    private static final int MARKER_READS = 3;

    protected final FileSystem fs;
    private final Path root;
    private final String url;
    private final LocalStore spool;

    HadoopStore(FileSystem fs, Path root, java.nio.file.Path spoolDir) {
        this.fs = fs;
        this.root = root;
        this.url = root.toString();
        this.spool = new LocalStore(spoolDir);
    }

    /** {@code path} on the file system. */
    protected final Path pathOf(String path) {
        return new Path(root, path);
    }

    @Override
    public List<String> list(String folder) throws IOException {
        Set<String> all = new LinkedHashSet<>(spool.list(folder));
        String prefix = root.toUri().getPath();
        prefix = prefix.endsWith("/") ? prefix : prefix + "/";
        try {
            RemoteIterator<LocatedFileStatus> files =
                    fs.listFiles(folder.isEmpty() ? root : pathOf(folder), true);
            while (files.hasNext()) {
                String path = files.next().getPath().toUri().getPath();
                if (path.startsWith(prefix)) {
                    all.add(path.substring(prefix.length()));
                }
            }
        } catch (FileNotFoundException e) {
            // a dataset not written yet
        }
        return new ArrayList<>(all);
    }

    @Override
    public void delete(String file) throws IOException {
        spool.delete(file);
        fs.delete(pathOf(file), false);
    }

    @Override
    public Optional<String> readMarker(String name) throws IOException {
        for (int attempt = 1; ; attempt++) {
            try (FSDataInputStream in = fs.open(marker(name))) {
                return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (FileNotFoundException e) {
                return Optional.empty();
            } catch (IOException e) {
                // replaced by the sink between S3A's look at it and its read (S3A refuses to read a
                // changed object): the new marker is whole, read it again
                if (attempt == MARKER_READS) {
                    throw e;
                }
            }
        }
    }

    protected final Path marker(String name) {
        return pathOf(MARKERS + "/" + name);
    }

    @Override
    public Staged stage(String folder, String name) throws IOException {
        return spool.stage(folder, name);
    }

    @Override
    public void discard(Staged file) {
        spool.discard(file);
    }

    /** Uploads a finished local file to {@code target}, synced to the file system's disks. */
    protected final void upload(java.nio.file.Path local, Path target) throws IOException {
        try (FSDataOutputStream out = fs.create(target, true)) {
            Files.copy(local, out);
            sync(out);
        }
    }

    /** Writes {@code bytes} as {@code target}, synced to the file system's disks. */
    protected final void write(Path target, byte[] bytes) throws IOException {
        try (FSDataOutputStream out = fs.create(target, true)) {
            out.write(bytes);
            sync(out);
        }
    }

    private static void sync(FSDataOutputStream out) throws IOException {
        // HDFS: on the datanodes' disks before close; an object store's stream uploads on close
        if (out.hasCapability(StreamCapabilities.HSYNC)) {
            out.hsync();
        }
    }

    /** The staged file is published: the local copy goes. */
    protected final void dropStaged(Staged file) throws IOException {
        Files.deleteIfExists(file.local());
    }

    @Override
    public SeekableByteChannel open(String file) throws IOException {
        Path path = pathOf(file);
        long size = fs.getFileStatus(path).getLen();
        return new HadoopChannel(fs.open(path), size);
    }

    @Override
    public String describe() {
        return url;
    }

    @Override
    public Optional<java.nio.file.Path> localFolder() {
        return Optional.empty();
    }

    @Override
    public void close() {
        try {
            fs.close();
        } catch (IOException e) {
            // nothing is left to write: every published file was closed
        }
    }
}
