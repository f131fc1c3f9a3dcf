package storagebench.workload.fileio;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.SplittableRandom;
import storagebench.workload.StopSignal;

/**
 * One worker thread: until the deadline, picks a file and an aligned offset at random, waits for
 * the file's cap when there is one, and reads or writes one IO. Per IO it records the time queued
 * by the cap (from wanting to issue the IO to issuing it) and the device time (in the read or
 * write call); their sum is the total latency.
 */
final class IoWorker implements Runnable {
    private final FileIoSettings settings;
    private final FileChannel[] channels;
    private final Throttle[] throttles;
    private final WorkerStats stats;
    private final SplittableRandom random;
    private final ByteBuffer buffer;
    private final long deadline;
    private final StopSignal signal;

    /**
     * @param throttles one per file, or null when uncapped
     * @param buffer exactly io-size bytes (aligned for O_DIRECT when direct), owned by this worker
     */
    IoWorker(
            FileIoSettings settings,
            FileChannel[] channels,
            Throttle[] throttles,
            WorkerStats stats,
            SplittableRandom random,
            ByteBuffer buffer,
            long deadline,
            StopSignal signal) {
        this.settings = settings;
        this.channels = channels;
        this.throttles = throttles;
        this.stats = stats;
        this.random = random;
        this.buffer = buffer;
        this.deadline = deadline;
        this.signal = signal;
    }

    @Override
    public void run() {
        try {
            loop();
        } catch (Exception e) {
            signal.fail(e);
        }
    }

    private void loop() throws IOException, InterruptedException {
        int size = settings.ioSize();
        long blocks = settings.blocks();
        int readPercent = settings.readPercent();
        while (!signal.stopped()) {
            int file = channels.length == 1 ? 0 : random.nextInt(channels.length);
            long offset = random.nextLong(blocks) * size;
            boolean read = readPercent > 0 && random.nextInt(100) < readPercent;
            long wanted = System.nanoTime();
            if (wanted >= deadline) {
                return;
            }
            long issued = wanted;
            if (throttles != null) {
                long go = throttles[file].admitAt(size, wanted);
                if (go >= deadline) {
                    return; // its slot lies after the measured span
                }
                if (go > wanted) {
                    Throttle.awaitUntil(go);
                    issued = System.nanoTime();
                }
            }
            transfer(channels[file], read, offset);
            long done = System.nanoTime();
            stats.record(file, read, size, issued - wanted, done - issued);
        }
    }

    private void transfer(FileChannel channel, boolean read, long offset) throws IOException {
        buffer.clear();
        while (buffer.hasRemaining()) {
            int n =
                    read
                            ? channel.read(buffer, offset + buffer.position())
                            : channel.write(buffer, offset + buffer.position());
            if (n < 0) {
                throw new EOFException("read past the end of a data file at offset " + offset);
            }
        }
    }
}
