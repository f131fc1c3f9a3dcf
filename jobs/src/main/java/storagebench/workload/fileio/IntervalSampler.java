package storagebench.workload.fileio;

import java.util.ArrayList;
import java.util.List;
import storagebench.workload.StopSignal;

/**
 * Ends an interval every {@code interval} (and at the end of the run) by draining every worker's
 * figures, per file, and keeps one compact {@link IoFigures} per file and interval plus the total.
 * It runs on the step's own thread, which otherwise sleeps; the last interval ends once every
 * worker has finished its final IO, so no IO is left out.
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

    IntervalSampler(List<WorkerStats> workers, int files, long intervalNanos) {
        this.workers = workers;
        this.intervalNanos = intervalNanos;
        this.current = new IoStats[files];
        for (int i = 0; i < files; i++) {
            current[i] = new IoStats();
        }
    }

    /** Samples from {@code startNanos} until the deadline or a stop, then joins the workers and takes the last interval. */
    void run(long startNanos, long deadlineNanos, StopSignal signal, Join join)
            throws InterruptedException {
        long from = startNanos;
        while (true) {
            long boundary = Math.min(from + intervalNanos, deadlineNanos);
            boolean last =
                    boundary == deadlineNanos || !signal.sleepUntil(boundary) || signal.stopped();
            if (last) {
                join.await();
                take(from, System.nanoTime());
                return;
            }
            take(from, boundary);
            from = boundary;
        }
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
