package storagebench.workload.filegroup;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import storagebench.workload.Zeros;
import storagebench.workload.filegroup.PageAllocator.PageAddress;

/**
 * The data files of one trial, {@code data001.ndf} and on: created at full size, kept open from
 * set-up to clean-up (opening 500 files is not what is timed), written one page at a time without
 * a sync, as a database writes pages, and forced to disk only at the checkpoint.
 */
final class Filegroup implements AutoCloseable {
    private final Path dir;
    private final Layout layout;
    private final FileChannel[] channels;

    Filegroup(Path dir, Layout layout) {
        this.dir = dir;
        this.layout = layout;
        this.channels = new FileChannel[layout.files()];
    }

    static Path file(Path dir, int i) {
        return dir.resolve(String.format("data%03d.ndf", i + 1));
    }

    /**
     * Creates every file at full size, by writing zeros or by setting the length only (the file
     * system allocates on first write, like Instant File Initialization), then fsyncs it.
     */
    void create() throws IOException {
        for (int i = 0; i < channels.length; i++) {
            channels[i] =
                    FileChannel.open(
                            file(dir, i),
                            StandardOpenOption.CREATE_NEW,
                            StandardOpenOption.READ,
                            StandardOpenOption.WRITE);
            if (layout.zeroed()) {
                Zeros.write(channels[i], layout.fileSize());
            } else {
                // One byte at the end sets the length without touching the blocks before it.
                channels[i].write(ByteBuffer.allocate(1), layout.fileSize() - 1);
            }
            channels[i].force(true);
        }
    }

    /** Writes a page in place; not synced. */
    void write(PageAddress at, ByteBuffer page) throws IOException {
        long position = at.page() * layout.pageSize();
        while (page.hasRemaining()) {
            position += channels[at.file()].write(page, position);
        }
    }

    /** Forces every file's written pages to disk. */
    void checkpoint() throws IOException {
        for (FileChannel channel : channels) {
            channel.force(true);
        }
    }

    @Override
    public void close() throws IOException {
        IOException first = null;
        for (int i = 0; i < channels.length; i++) {
            try {
                if (channels[i] != null) {
                    channels[i].close();
                }
            } catch (IOException e) {
                first = first == null ? e : first;
            }
            channels[i] = null;
        }
        if (first != null) {
            throw first;
        }
    }
}
