package storagebench.workload.filegroup;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import storagebench.workload.Zeros;
import storagebench.workload.filegroup.PageAllocator.PageAddress;

/**
 * The trial's log file, {@code log.ldf}. It is zeroed to its full size at set-up, as SQL Server
 * always zeroes log files (Instant File Initialization never applies to them), so a commit's
 * fdatasync flushes the record only, not a growing file's length. Each record is a 64-byte header
 * (magic, length, sequence number, row, file, page, payload length) followed, for full records, by
 * the page image. Records are appended in order.
 */
final class WriteAheadLog implements AutoCloseable {
    static final int HEADER_BYTES = 64;
    static final int MAGIC = 0x53424c47; // "SBLG"
    private static final ByteBuffer NO_PAYLOAD = ByteBuffer.allocate(0);
    private final FileChannel channel;
    private final Layout layout;
    private final ByteBuffer header = ByteBuffer.allocateDirect(HEADER_BYTES);
    private final ByteBuffer[] record = new ByteBuffer[2];
    private long records;
    private long bytes;

    private WriteAheadLog(FileChannel channel, Layout layout) {
        this.channel = channel;
        this.layout = layout;
    }

    static WriteAheadLog create(Path file, Layout layout) throws IOException {
        FileChannel channel =
                FileChannel.open(
                        file,
                        StandardOpenOption.CREATE_NEW,
                        StandardOpenOption.READ,
                        StandardOpenOption.WRITE);
        try {
            Zeros.write(channel, layout.logBytes());
            channel.force(true);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        return new WriteAheadLog(channel, layout);
    }

    /** Appends the record of one inserted row; the page buffer is read from its position to its limit. */
    void append(long row, PageAddress at, ByteBuffer page) throws IOException {
        int payload = layout.fullLogRecord() ? page.remaining() : 0;
        header.clear();
        header.putInt(MAGIC)
                .putInt(HEADER_BYTES + payload)
                .putLong(records + 1)
                .putLong(row)
                .putInt(at.file() + 1)
                .putLong(at.page())
                .putInt(payload);
        header.position(HEADER_BYTES).flip();
        record[0] = header;
        record[1] = layout.fullLogRecord() ? page : NO_PAYLOAD;
        long length = HEADER_BYTES + payload;
        for (long done = 0; done < length; ) {
            done += channel.write(record);
        }
        records++;
        bytes += length;
    }

    /** Makes the records appended so far durable, unless the trial runs without commit durability. */
    void commit() throws IOException {
        if (layout.sync()) {
            channel.force(false);
        }
    }

    /** Forces the log whatever the sync setting: a checkpoint writes the log before the data. */
    void flush() throws IOException {
        channel.force(false);
    }

    long records() {
        return records;
    }

    long bytes() {
        return bytes;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
