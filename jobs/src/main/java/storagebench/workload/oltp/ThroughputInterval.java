package storagebench.workload.oltp;

import org.HdrHistogram.Histogram;

/**
 * The transactions of one interval of the measured step, all virtual users together, kept as numbers
 * only (histograms are summarised as the interval ends).
 *
 * @param index from 0
 * @param startNanos its start on the System.nanoTime scale
 * @param endNanos its end
 * @param commits per type
 * @param rollbacks per type: rolled back by the mix
 * @param retries all types
 * @param errors all types
 * @param latencyMs p50, p95, p99 and max of every completed transaction, or null without any
 */
record ThroughputInterval(
        int index,
        long startNanos,
        long endNanos,
        long[] commits,
        long[] rollbacks,
        long retries,
        long errors,
        double[] latencyMs) {

    static ThroughputInterval of(int index, long start, long end, TxFigures[] figures) {
        int types = figures.length;
        long[] commits = new long[types];
        long[] rollbacks = new long[types];
        long retries = 0;
        long errors = 0;
        Histogram all = new Histogram(3);
        all.setAutoResize(true);
        for (int t = 0; t < types; t++) {
            commits[t] = figures[t].commits();
            rollbacks[t] = figures[t].rollbacks();
            retries += figures[t].retries;
            errors += figures[t].errors;
            figures[t].latenciesInto(all);
        }
        return new ThroughputInterval(
                index, start, end, commits, rollbacks, retries, errors, latencies(all));
    }

    /** p50, p95, p99 and max in ms, or null when nothing was recorded. */
    static double[] latencies(Histogram micros) {
        if (micros.getTotalCount() == 0) {
            return null;
        }
        return new double[] {
            micros.getValueAtPercentile(50) / 1e3,
            micros.getValueAtPercentile(95) / 1e3,
            micros.getValueAtPercentile(99) / 1e3,
            micros.getMaxValue() / 1e3
        };
    }

    double millis() {
        return (endNanos - startNanos) / 1e6;
    }

    long transactions() {
        long sum = 0;
        for (long c : commits) {
            sum += c;
        }
        return sum;
    }

    long allRollbacks() {
        long sum = 0;
        for (long r : rollbacks) {
            sum += r;
        }
        return sum;
    }

    /** Committed per minute of this interval. */
    static double perMinute(long count, double millis) {
        return millis > 0 ? count * 60_000.0 / millis : 0;
    }
}
