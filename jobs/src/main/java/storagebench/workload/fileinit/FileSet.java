package storagebench.workload.fileinit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/** The files of one file-init trial: created zeroed or instantly, then deleted. */
final class FileSet {
    private final Path dir;
    private final int count;
    private final long size;
    private final int blockSize;

    FileSet(Path dir, int count, long size, int blockSize) {
        this.dir = dir;
        this.count = count;
        this.size = size;
        this.blockSize = blockSize;
    }

    Map<String, Double> prepare() throws IOException {
        delete();
        Files.createDirectories(dir);
        return Map.of();
    }

    /** Writes zeros in blocks up to the size, then fsyncs each file: what zeroing a data file costs. */
    Map<String, Double> createZeroed() throws IOException {
        ByteBuffer zeros = ByteBuffer.allocateDirect(blockSize);
        long written = 0;
        for (int i = 0; i < count; i++) {
            try (FileChannel channel = open(i)) {
                long position = 0;
                while (position < size) {
                    zeros.clear().limit((int) Math.min(blockSize, size - position));
                    while (zeros.hasRemaining()) {
                        position += channel.write(zeros, position);
                    }
                }
                channel.force(true);
                written += position;
            }
        }
        return metrics(written);
    }

    /** Sets the length without writing (the file system allocates lazily), then fsyncs the metadata. */
    Map<String, Double> createInstant() throws IOException {
        for (int i = 0; i < count; i++) {
            try (FileChannel channel = open(i)) {
                // Writing one byte at the end extends the file without touching the blocks before it.
                channel.write(ByteBuffer.allocate(1), size - 1);
                channel.force(true);
            }
        }
        return metrics(count);
    }

    private Map<String, Double> metrics(long written) {
        return Map.of("files", (double) count, "file_size_bytes", (double) size, "bytes_written", (double) written,
                "total_bytes", (double) count * size);
    }

    private FileChannel open(int i) throws IOException {
        return FileChannel.open(dir.resolve(String.format("data%03d.ndf", i + 1)), StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE);
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
