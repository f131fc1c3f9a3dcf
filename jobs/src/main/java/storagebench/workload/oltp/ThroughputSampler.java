package storagebench.workload.oltp;

import java.util.ArrayList;
import java.util.List;
import storagebench.workload.StopSignal;

/**
 * Runs on the measured step's own thread while the virtual users work: ends an interval every
 * sample-interval by draining the recorders, keeps each as a {@link ThroughputInterval}, and adds every
 * interval into the step's totals per type. The first drain, at the step's start, throws away the
 * ramp-up's transactions.
 */
final class ThroughputSampler {
    private final TxRecorders recorders;
    private final StopSignal signal;
    private final TxFigures[] interval;
    private final TxFigures[] total;
    private final List<ThroughputInterval> intervals = new ArrayList<>();

    ThroughputSampler(TxRecorders recorders, StopSignal signal) {
        this.recorders = recorders;
        this.signal = signal;
        this.interval = TxFigures.array(recorders.types());
        this.total = TxFigures.array(recorders.types());
    }

    /** Forgets what was recorded so far (the ramp-up): call right before the measured span starts. */
    void begin() {
        recorders.drainInto(interval);
        for (TxFigures f : interval) {
            f.reset();
        }
    }

    /**
     * Samples from {@code startNanos} for {@code durationNanos}, an interval every {@code intervalNanos}
     * (0: one interval), until the end or a virtual user's failure.
     *
     * @return whether the whole duration ran (false: a virtual user failed)
     */
    boolean run(long startNanos, long durationNanos, long intervalNanos)
            throws InterruptedException {
        long deadline = startNanos + durationNanos;
        long step = intervalNanos > 0 ? intervalNanos : durationNanos;
        long from = startNanos;
        while (from < deadline) {
            long boundary = Math.min(from + step, deadline);
            boolean whole = signal.sleepUntil(boundary);
            long end = whole ? boundary : System.nanoTime();
            take(from, end);
            if (!whole) {
                return false;
            }
            from = boundary;
        }
        return true;
    }

    /** The transactions completed since the last call (or {@link #begin}), forgotten once counted. */
    long drainCompleted() {
        recorders.drainInto(interval);
        long completed = 0;
        for (TxFigures f : interval) {
            completed += f.completed();
            f.reset();
        }
        return completed;
    }

    private void take(long from, long to) {
        recorders.drainInto(interval);
        intervals.add(ThroughputInterval.of(intervals.size(), from, to, interval));
        for (int t = 0; t < interval.length; t++) {
            total[t].add(interval[t]);
            interval[t].reset();
        }
    }

    List<ThroughputInterval> intervals() {
        return List.copyOf(intervals);
    }

    /** The measured step's figures per type. */
    TxFigures[] total() {
        return total;
    }

    /** When the last interval ended. */
    long endNanos() {
        return intervals.get(intervals.size() - 1).endNanos();
    }
}
