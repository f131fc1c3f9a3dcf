package storagebench.workload.fileinit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import storagebench.workload.Zeros;

/**
 * The files of one file-init trial: created, or grown, either zeroed (every new byte written, then
 * fsync: what zeroing a data file costs) or instantly (only the length is set, the file system
 * allocates lazily), then deleted.
 */
final class FileSet {
    private final Path dir;
    private final int count;
    private final int bufferSize;
    private ByteBuffer zeros;

    /**
     * @param bufferSize bytes of each write: the block size when zeroing (at most the file's size, as
     *     checked at load), 1 for an instant creation, which writes only the last byte
     */
    FileSet(Path dir, int count, int bufferSize) {
        this.dir = dir;
        this.count = count;
        this.bufferSize = bufferSize;
    }

    /** Untimed: clears what an earlier trial left and allocates the write buffer, so the measured step allocates nothing. */
    Map<String, Double> prepare() throws IOException {
        delete();
        Files.createDirectories(dir);
        zeros = ByteBuffer.allocateDirect(bufferSize);
        return Map.of();
    }

    /** Creates every file with the given size. */
    Map<String, Double> create(boolean zero, long size) throws IOException {
        return extend(zero, 0, size, StandardOpenOption.CREATE_NEW);
    }

    /** Grows every existing file from {@code from} bytes to {@code to}; the bytes before {@code from} are untouched. */
    Map<String, Double> grow(boolean zero, long from, long to) throws IOException {
        Map<String, Double> metrics =
                new LinkedHashMap<>(extend(zero, from, to, StandardOpenOption.WRITE));
        metrics.put("grown_from_bytes", (double) from);
        return metrics;
    }

    private Map<String, Double> extend(boolean zero, long from, long to, OpenOption mode)
            throws IOException {
        long written = 0;
        for (int i = 0; i < count; i++) {
            try (FileChannel channel = FileChannel.open(file(i), mode, StandardOpenOption.WRITE)) {
                written +=
                        zero
                                ? writeZeros(channel, zeros, from, to)
                                : writeLastByte(channel, zeros, to);
                channel.force(true);
            }
        }
        return Map.of(
                "files",
                (double) count,
                "file_size_bytes",
                (double) to,
                "bytes_written",
                (double) written,
                "total_bytes",
                (double) count * to);
    }

    private static long writeZeros(FileChannel channel, ByteBuffer zeros, long from, long to)
            throws IOException {
        Zeros.write(channel, zeros, from, to);
        return to - from;
    }

    /** Writing one byte at the end extends the file without touching the blocks before it. */
    private static long writeLastByte(FileChannel channel, ByteBuffer zero, long to)
            throws IOException {
        zero.clear().limit(1);
        channel.write(zero, to - 1);
        return 1;
    }

    private Path file(int i) {
        return dir.resolve(String.format("data%03d.ndf", i + 1));
    }

    Map<String, Double> delete() throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        return Map.of();
    }
}
