package storagebench.workload.fileio;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import storagebench.workload.Zeros;

/** The data files of one file-io trial: created at full size, opened per worker, deleted. */
final class DataFiles {
    private static final int ZERO_BLOCK = 1 << 20;
    private final Path dir;
    private final int count;
    private final long size;

    DataFiles(Path dir, int count, long size) {
        this.dir = dir;
        this.count = count;
        this.size = size;
    }

    Path directory() {
        return dir;
    }

    int count() {
        return count;
    }

    /** The name a file goes by in samples. */
    String name(int file) {
        return String.format("data%03d.ndf", file + 1);
    }

    /**
     * Writes every byte of every file with zeros, then fsyncs: the files exist at full size before
     * the IO starts. The zeros bypass the page cache where the file system allows (O_DIRECT), so the
     * measured IO starts on an empty cache, as fio's does (it drops the cache first), rather than on
     * the large cached pages that 1 MiB buffered writes leave, which make small writes cost more.
     */
    void create() throws IOException {
        delete();
        Files.createDirectories(dir);
        int alignment = directAlignment(dir);
        ByteBuffer zeros =
                ByteBuffer.allocateDirect(ZERO_BLOCK + alignment)
                        .alignedSlice(alignment)
                        .slice(0, ZERO_BLOCK);
        for (int i = 0; i < count; i++) {
            Path file = dir.resolve(name(i));
            long position = 0;
            FileChannel direct = openDirect(file);
            if (direct != null) {
                try (direct) {
                    position = size - size % alignment;
                    Zeros.write(direct, zeros, 0, position);
                    direct.force(true);
                }
            }
            try (FileChannel channel =
                    FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                Zeros.write(channel, zeros, position, size);
                channel.force(true);
            }
        }
    }

    private static FileChannel openDirect(Path file) {
        try {
            return FileChannel.open(
                    file,
                    StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE,
                    ExtendedOpenOption.DIRECT);
        } catch (IOException | UnsupportedOperationException e) {
            return null; // no O_DIRECT here: zeroed through the page cache instead
        }
    }

    /** Opens every file for one worker; the caller closes them. */
    FileChannel[] open(boolean dsync, boolean direct) throws IOException {
        List<OpenOption> options =
                new ArrayList<>(List.of(StandardOpenOption.READ, StandardOpenOption.WRITE));
        if (dsync) {
            options.add(StandardOpenOption.DSYNC);
        }
        if (direct) {
            options.add(ExtendedOpenOption.DIRECT);
        }
        FileChannel[] channels = new FileChannel[count];
        try {
            for (int i = 0; i < count; i++) {
                channels[i] =
                        FileChannel.open(dir.resolve(name(i)), options.toArray(OpenOption[]::new));
            }
        } catch (IOException | RuntimeException e) {
            close(channels);
            if (direct) {
                throw directRefused(dir, e);
            }
            throw e;
        }
        return channels;
    }

    static void close(FileChannel[] channels) throws IOException {
        IOException first = null;
        for (FileChannel channel : channels) {
            try {
                if (channel != null) {
                    channel.close();
                }
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /** The alignment O_DIRECT needs for buffers, offsets and sizes under this directory. */
    static int directAlignment(Path dir) throws IOException {
        return (int) Math.max(512, Files.getFileStore(dir).getBlockSize());
    }

    /** Opens a scratch file with O_DIRECT and writes one aligned block; fails with the reason when refused. */
    static void probeDirect(Path dir) throws IOException {
        Path probe = dir.resolve(".file-io-direct-probe");
        try {
            int alignment = directAlignment(dir);
            ByteBuffer block = ByteBuffer.allocateDirect(2 * alignment).alignedSlice(alignment);
            block.limit(alignment);
            try (FileChannel channel =
                    FileChannel.open(
                            probe,
                            StandardOpenOption.CREATE,
                            StandardOpenOption.WRITE,
                            ExtendedOpenOption.DIRECT)) {
                channel.write(block, 0);
            }
        } catch (IOException | RuntimeException e) {
            throw directRefused(dir, e);
        } finally {
            Files.deleteIfExists(probe);
        }
    }

    private static IOException directRefused(Path dir, Exception e) {
        return new IOException(
                "direct: true, but the file system under "
                        + dir
                        + " refused O_DIRECT ("
                        + e.getMessage()
                        + "); tmpfs, for one, has no direct IO: use direct: false there",
                e);
    }

    void delete() throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
