package storagebench.workload.oltp;

import java.util.List;
import java.util.SplittableRandom;
import storagebench.workload.StopSignal;

/**
 * The waits around a virtual user's transactions: none by default (as HammerDB's and pgbench's), or with
 * {@code keying-thinking} the keying time before each transaction and a thinking time after it, drawn from
 * a negative exponential of the type's mean and cut at 10 times the mean (TPC-C clause 5.2.5.4).
 */
final class Pacing {
    private final List<TransactionType> types;
    private final boolean enabled;
    private final SplittableRandom random;
    private final StopSignal signal;

    Pacing(
            List<TransactionType> types,
            boolean enabled,
            SplittableRandom random,
            StopSignal signal) {
        this.types = types;
        this.enabled = enabled;
        this.random = random;
        this.signal = signal;
    }

    /** Waits the keying time of {@code type}; false when the run stopped meanwhile. */
    boolean keying(int type) throws InterruptedException {
        return !enabled || pause(types.get(type).keying().toNanos());
    }

    /** Waits a thinking time after {@code type}; false when the run stopped meanwhile. */
    boolean thinking(int type) throws InterruptedException {
        if (!enabled) {
            return true;
        }
        double mean = types.get(type).thinking().toNanos();
        double drawn = -Math.log(1.0 - random.nextDouble()) * mean;
        return pause((long) Math.min(drawn, 10 * mean));
    }

    private boolean pause(long nanos) throws InterruptedException {
        long deadline = System.nanoTime() + nanos;
        long left;
        while (!signal.stopped() && (left = deadline - System.nanoTime()) > 0) {
            Thread.sleep(Math.min(100, Math.max(1, left / 1_000_000)));
        }
        return !signal.stopped();
    }
}
