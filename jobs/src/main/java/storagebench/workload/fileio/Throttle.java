package storagebench.workload.fileio;

import java.util.concurrent.locks.LockSupport;
import storagebench.workload.sampling.CapTable;

/**
 * The cap of one file: a token bucket for IOs and one for bytes, both at the file's tier. An IO
 * may go when both have admitted it; the wait until then is the time queued by the cap.
 */
final class Throttle {
    /**
     * How much of a second's worth of tokens a bucket may hand out at once after an idle spell: 50 ms,
     * so workers that wake late on a busy machine do not lose capacity a real disk would have served
     * (the first interval of a run may show up to 5% above the cap).
     */
    private static final double BURST_SECONDS = 0.05;

    private final CapTable.Tier tier;
    private final TokenBucket ios;
    private final TokenBucket bytes;

    Throttle(CapTable.Tier tier, int ioSize, long nowNanos) {
        this.tier = tier;
        this.ios = new TokenBucket(tier.iops(), Math.max(1, tier.iops() * BURST_SECONDS), nowNanos);
        this.bytes =
                new TokenBucket(
                        tier.bytesPerSecond(),
                        Math.max(ioSize, tier.bytesPerSecond() * BURST_SECONDS),
                        nowNanos);
    }

    CapTable.Tier tier() {
        return tier;
    }

    /** Reserves one IO of {@code size} bytes; returns the nanoTime at which it may be issued. */
    long admitAt(int size, long nowNanos) {
        return Math.max(ios.reserve(1, nowNanos), bytes.reserve(size, nowNanos));
    }

    /** Parks the calling thread until {@code nanoTime} reaches the deadline. */
    static void awaitUntil(long deadlineNanos) throws InterruptedException {
        long left;
        while ((left = deadlineNanos - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
    }
}
