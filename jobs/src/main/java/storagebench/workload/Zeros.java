package storagebench.workload.filegroup;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/** Writes zeros over the first bytes of a file, in 1 MiB blocks: what initialising a file costs. */
final class Zeros {
    private static final int BLOCK = 1 << 20;

    private Zeros() {}

    static void write(FileChannel channel, long size) throws IOException {
        ByteBuffer zeros = ByteBuffer.allocateDirect(BLOCK);
        long position = 0;
        while (position < size) {
            zeros.clear().limit((int) Math.min(BLOCK, size - position));
            while (zeros.hasRemaining()) {
                position += channel.write(zeros, position);
            }
        }
    }
}
