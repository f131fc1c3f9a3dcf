package storagebench.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.SeekableByteChannel;
import org.apache.hadoop.fs.FSDataInputStream;

/** A file of a Hadoop file system read by position, as {@link DatasetStore#open} gives it. */
final class HadoopChannel implements SeekableByteChannel {
    private final FSDataInputStream in;
    private final long size;
    private boolean open = true;

    HadoopChannel(FSDataInputStream in, long size) {
        this.in = in;
        this.size = size;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        if (!dst.hasRemaining()) {
            return 0;
        }
        // not every stream reads into a ByteBuffer (S3A's do not): through an array, always
        if (dst.hasArray()) {
            int n = in.read(dst.array(), dst.arrayOffset() + dst.position(), dst.remaining());
            if (n > 0) {
                dst.position(dst.position() + n);
            }
            return n;
        }
        byte[] bytes = new byte[Math.min(dst.remaining(), 64 * 1024)];
        int n = in.read(bytes, 0, bytes.length);
        if (n > 0) {
            dst.put(bytes, 0, n);
        }
        return n;
    }

    @Override
    public int write(ByteBuffer src) {
        throw new NonWritableChannelException();
    }

    @Override
    public long position() throws IOException {
        return in.getPos();
    }

    @Override
    public SeekableByteChannel position(long newPosition) throws IOException {
        in.seek(newPosition);
        return this;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public SeekableByteChannel truncate(long size) {
        throw new NonWritableChannelException();
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public void close() throws IOException {
        open = false;
        in.close();
    }
}
