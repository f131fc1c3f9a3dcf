package storagebench.workload.fileio;

import org.HdrHistogram.WriterReaderPhaser;

/**
 * One worker's IO figures, one {@link IoStats} per file, double-buffered: the worker records into
 * the active set without locks (a wait-free phaser critical section), and the sampler swaps in the
 * idle set at each interval boundary and reads the retired one once no write is still in it.
 */
final class WorkerStats {
    private final WriterReaderPhaser phaser = new WriterReaderPhaser();
    private volatile IoStats[] active;
    private IoStats[] idle;

    WorkerStats(int files) {
        this.active = fresh(files);
        this.idle = fresh(files);
    }

    private static IoStats[] fresh(int files) {
        IoStats[] stats = new IoStats[files];
        for (int i = 0; i < files; i++) {
            stats[i] = new IoStats();
        }
        return stats;
    }

    /** Called by the worker after each IO. */
    void record(int file, boolean read, int bytes, long queuedNanos, long deviceNanos) {
        long phase = phaser.writerCriticalSectionEnter();
        try {
            active[file].record(read, bytes, queuedNanos, deviceNanos);
        } finally {
            phaser.writerCriticalSectionExit(phase);
        }
    }

    /** Called by the sampler only: ends this worker's interval and adds its figures to {@code sums}, per file. */
    void drainInto(IoStats[] sums) {
        phaser.readerLock();
        try {
            IoStats[] retired = active;
            active = idle;
            phaser.flipPhase();
            for (int i = 0; i < retired.length; i++) {
                retired[i].addTo(sums[i]);
                retired[i].reset();
            }
            idle = retired;
        } finally {
            phaser.readerUnlock();
        }
    }
}
