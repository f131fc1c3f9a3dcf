package storagebench.workload;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/** Writes zeros over part of a file, block by block: what initialising a file costs. */
public final class Zeros {
    private static final int BLOCK = 1 << 20;

    private Zeros() {}

    /** Zeros over the first {@code size} bytes, in 1 MiB blocks. */
    public static void write(FileChannel channel, long size) throws IOException {
        write(channel, ByteBuffer.allocateDirect(BLOCK), 0, size);
    }

    /** Zeros over bytes {@code from} to {@code to}, in blocks of the buffer's capacity (all zeros). */
    public static void write(FileChannel channel, ByteBuffer zeros, long from, long to)
            throws IOException {
        long position = from;
        while (position < to) {
            zeros.clear().limit((int) Math.min(zeros.capacity(), to - position));
            while (zeros.hasRemaining()) {
                position += channel.write(zeros, position);
            }
        }
    }
}
