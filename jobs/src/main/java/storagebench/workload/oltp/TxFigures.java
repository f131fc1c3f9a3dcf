package storagebench.workload.oltp;

import org.HdrHistogram.Histogram;

/**
 * One transaction type's figures over a span (an interval, or the whole measured step): latencies in µs
 * of the transactions committed and of those the mix rolled back, retries and errors.
 */
final class TxFigures {
    final Histogram committed = histogram();
    final Histogram rolledBack = histogram();
    long retries;
    long errors;

    private static Histogram histogram() {
        Histogram h = new Histogram(3);
        h.setAutoResize(true);
        return h;
    }

    void add(Histogram committed, Histogram rolledBack, long retries, long errors) {
        this.committed.add(committed);
        this.rolledBack.add(rolledBack);
        this.retries += retries;
        this.errors += errors;
    }

    void add(TxFigures other) {
        add(other.committed, other.rolledBack, other.retries, other.errors);
    }

    void reset() {
        committed.reset();
        rolledBack.reset();
        retries = 0;
        errors = 0;
    }

    long commits() {
        return committed.getTotalCount();
    }

    long rollbacks() {
        return rolledBack.getTotalCount();
    }

    /** Transactions completed: committed or rolled back by the mix. */
    long completed() {
        return commits() + rollbacks();
    }

    /** Every completed transaction's latency, committed or rolled back, into {@code sum}. */
    void latenciesInto(Histogram sum) {
        sum.add(committed);
        sum.add(rolledBack);
    }

    static TxFigures[] array(int types) {
        TxFigures[] figures = new TxFigures[types];
        for (int t = 0; t < types; t++) {
            figures[t] = new TxFigures();
        }
        return figures;
    }
}
