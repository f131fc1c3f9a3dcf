package storagebench.workload.fileio;

import java.util.ArrayList;
import java.util.List;
import storagebench.workload.SteadyState;
import storagebench.workload.StopSignal;

/**
 * Ends an interval every {@code interval} (and at the end of the run) by draining every worker's
 * figures, per file, and keeps one compact {@link IoFigures} per file and interval plus the total.
 * It runs on the step's own thread, which otherwise sleeps; the last interval ends once every
 * worker has finished its final IO, so no IO is left out. With a steady state set, the intervals of a
 * ramp come first, judged and then dropped: the measured intervals begin once the ramp's IOPS are
 * steady, or once it has lasted its longest.
 */
final class IntervalSampler {
    /** One interval: its bounds on the nanoTime scale and the figures of each file. */
    record Interval(int index, long startNanos, long endNanos, List<IoFigures> files) {
        double millis() {
            return (endNanos - startNanos) / 1e6;
        }
    }

    /** Waits for the workers to finish. */
    @FunctionalInterface
    interface Join {
        void await() throws InterruptedException;
    }

    private final List<WorkerStats> workers;
    private final long intervalNanos;
    private final IoStats[] current;
    private final IoStats total = new IoStats();
    private final List<Interval> intervals = new ArrayList<>();
    private final SteadyState steadyState;
    private final long maxRampNanos;
    private long measureStartNanos;
    private Long steadyAfterNanos;

    IntervalSampler(List<WorkerStats> workers, int files, long intervalNanos) {
        this(workers, files, intervalNanos, null, 0);
    }

    /**
     * @param steadyState when a ramp ends, or null for none
     * @param maxRampNanos the longest ramp
     */
    IntervalSampler(
            List<WorkerStats> workers,
            int files,
            long intervalNanos,
            SteadyState steadyState,
            long maxRampNanos) {
        this.workers = workers;
        this.intervalNanos = intervalNanos;
        this.steadyState = steadyState;
        this.maxRampNanos = maxRampNanos;
        this.current = new IoStats[files];
        for (int i = 0; i < files; i++) {
            current[i] = new IoStats();
        }
    }

    /**
     * Ramps from {@code startNanos} where a steady state is set, then samples for {@code
     * durationNanos} or until a stop, stops the workers, joins them and takes the last interval.
     */
    void run(long startNanos, long durationNanos, StopSignal signal, Join join)
            throws InterruptedException {
        long from = startNanos;
        if (steadyState != null) {
            from = ramp(startNanos, signal);
            if (signal.stopped()) {
                join.await();
                measureStartNanos = from;
                take(from, System.nanoTime());
                return;
            }
        }
        measureStartNanos = from;
        long deadlineNanos = from + durationNanos;
        while (true) {
            long boundary = Math.min(from + intervalNanos, deadlineNanos);
            boolean last =
                    boundary == deadlineNanos || !signal.sleepUntil(boundary) || signal.stopped();
            if (last) {
                // the measured part runs its whole duration; then the workers, still going after a
                // ramp, stop
                signal.sleepUntil(deadlineNanos);
                signal.stop();
                join.await();
                take(from, System.nanoTime());
                return;
            }
            take(from, boundary);
            from = boundary;
        }
    }

    /**
     * The ramp: an interval at a time, its IOPS judged and its figures dropped, until steady or its
     * longest; when the measured intervals begin (or the ramp stopped, on a failure).
     */
    private long ramp(long startNanos, StopSignal signal) throws InterruptedException {
        SteadyState.Judge judge = steadyState.judge();
        long end = startNanos + maxRampNanos;
        long from = startNanos;
        while (from < end) {
            long boundary = Math.min(from + intervalNanos, end);
            if (!signal.sleepUntil(boundary) || signal.stopped()) {
                return from;
            }
            long ios = 0;
            for (WorkerStats worker : workers) {
                worker.drainInto(current);
            }
            for (IoStats stats : current) {
                ios += stats.ios();
                stats.reset();
            }
            double seconds = (boundary - from) / 1e9;
            from = boundary;
            if (judge.add((boundary - startNanos) / 1e9, ios / seconds)) {
                steadyAfterNanos = boundary - startNanos;
                return from;
            }
        }
        return from;
    }

    /** When the measured intervals began, on the nanoTime scale. */
    long measureStartNanos() {
        return measureStartNanos;
    }

    /** How long the ramp lasted until steady; null when it never was (or none was asked for). */
    Long steadyAfterNanos() {
        return steadyAfterNanos;
    }

    private void take(long from, long to) {
        for (WorkerStats worker : workers) {
            worker.drainInto(current);
        }
        List<IoFigures> files = new ArrayList<>(current.length);
        for (IoStats stats : current) {
            files.add(IoFigures.of(stats));
            stats.addTo(total);
            stats.reset();
        }
        intervals.add(new Interval(intervals.size(), from, to, List.copyOf(files)));
    }

    List<Interval> intervals() {
        return List.copyOf(intervals);
    }

    /** Every IO of the run, all files together. */
    IoFigures total() {
        return IoFigures.of(total);
    }

    /** When the last interval ended, on the nanoTime scale. */
    long endNanos() {
        return intervals.get(intervals.size() - 1).endNanos();
    }
}
