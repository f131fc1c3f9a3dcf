package storagebench.workload.oltp;

import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * What the virtual users did, per transaction type: the latency of each transaction committed or rolled
 * back by the mix (µs, HdrHistogram recorders: written by every user without locks, read interval by
 * interval), and the retries and errors. Only the interval reader reads.
 */
final class TxRecorders {
    private final Recorder[] committed;
    private final Recorder[] rolledBack;
    private final LongAdder[] retries;
    private final LongAdder[] errors;
    private final Histogram[] recycledCommitted;
    private final Histogram[] recycledRolledBack;

    TxRecorders(int types) {
        committed = new Recorder[types];
        rolledBack = new Recorder[types];
        retries = new LongAdder[types];
        errors = new LongAdder[types];
        recycledCommitted = new Histogram[types];
        recycledRolledBack = new Histogram[types];
        for (int t = 0; t < types; t++) {
            committed[t] = new Recorder(3);
            rolledBack[t] = new Recorder(3);
            retries[t] = new LongAdder();
            errors[t] = new LongAdder();
        }
    }

    int types() {
        return committed.length;
    }

    void committed(int type, long micros) {
        committed[type].recordValue(Math.max(1, micros));
    }

    void rolledBack(int type, long micros) {
        rolledBack[type].recordValue(Math.max(1, micros));
    }

    void retry(int type) {
        retries[type].increment();
    }

    void error(int type) {
        errors[type].increment();
    }

    /** Ends the interval of every type: what was recorded since the last call is added to {@code into}. */
    void drainInto(TxFigures[] into) {
        for (int t = 0; t < committed.length; t++) {
            recycledCommitted[t] = committed[t].getIntervalHistogram(recycledCommitted[t]);
            recycledRolledBack[t] = rolledBack[t].getIntervalHistogram(recycledRolledBack[t]);
            into[t].add(
                    recycledCommitted[t],
                    recycledRolledBack[t],
                    retries[t].sumThenReset(),
                    errors[t].sumThenReset());
        }
    }
}
