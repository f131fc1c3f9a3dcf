package storagebench.workload.fileio;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Tokens refilled at a fixed rate, with room for a small burst; a request of n tokens is told the
 * time at which it may go. Lock-free (one compare-and-set on the theoretical arrival time, the
 * generic cell rate algorithm), so the workers sharing a file's bucket never block each other: each
 * reserves its slot and waits for it on its own. Requests are served in the order they reserve.
 */
final class TokenBucket {
    private final double nanosPerToken;
    private final long burstNanos;

    /** When the bucket would be full again if nothing more were taken (nanoTime scale). */
    private final AtomicLong full;

    /**
     * @param tokensPerSecond the refill rate
     * @param burstTokens how many tokens may be taken at once beyond the rate, after an idle spell
     * @param nowNanos the bucket starts full at this time
     */
    TokenBucket(double tokensPerSecond, double burstTokens, long nowNanos) {
        if (!(tokensPerSecond > 0) || burstTokens < 0) {
            throw new IllegalArgumentException("rate must be above 0 and burst at least 0");
        }
        this.nanosPerToken = 1e9 / tokensPerSecond;
        this.burstNanos = (long) (burstTokens * nanosPerToken);
        this.full = new AtomicLong(nowNanos);
    }

    /** Takes {@code tokens} and returns the nanoTime at which the request may go (now, or later when throttled). */
    long reserve(long tokens, long nowNanos) {
        long cost = (long) (tokens * nanosPerToken);
        while (true) {
            long current = full.get();
            long go = Math.max(nowNanos, current - burstNanos);
            if (full.compareAndSet(current, Math.max(current, go) + cost)) {
                return go;
            }
        }
    }
}
