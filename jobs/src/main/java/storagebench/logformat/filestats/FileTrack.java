package storagebench.logformat.filestats;

import java.time.Duration;
import java.util.Map;
import storagebench.logformat.Parsed;

/**
 * The snapshots of one database file, in the order read: each one after the first closes an
 * interval (a sample), and the track adds up to one step from the first snapshot to the last.
 */
final class FileTrack {
    static final String STEP = "file-stats";

    private final String trial;
    private final Map<String, String> factors;
    private final String file;
    private Snapshot first;
    private Snapshot last;
    private final FileTotals totals = new FileTotals();

    FileTrack(String trial, Map<String, String> factors, String file) {
        this.trial = trial;
        this.factors = factors;
        this.file = file;
    }

    /** The sample the snapshot closes, a Malformed when it cannot close one, or null for the first. */
    Parsed add(Snapshot now) {
        if (first == null) {
            first = now;
            last = now;
            return null;
        }
        if (!now.time().isAfter(last.time())) {
            return new Parsed.Malformed(
                    now.line(),
                    "out of order: sample_time "
                            + now.time()
                            + " is not after the previous snapshot of this file ("
                            + last.time()
                            + ", line "
                            + last.line()
                            + ")",
                    now.text());
        }
        Snapshot before = last;
        last = now;
        String decrease = now.decreaseSince(before);
        if (decrease != null) {
            totals.reset();
            return new Parsed.Malformed(
                    now.line(),
                    "counter reset: "
                            + decrease
                            + " (server restart or file recreated); no sample for this interval, the next one starts here",
                    now.text());
        }
        Interval interval = Interval.between(before, now);
        totals.add(interval);
        return new Parsed.Sample(trial, factors, STEP, interval.toSample(file), now.line());
    }

    /** The step covering the file's first to last snapshot. */
    Parsed.Step step() {
        long nanos = Duration.between(first.time(), last.time()).toNanos();
        String error =
                totals.intervals() > 0
                        ? null
                        : first == last
                                ? "one snapshot only: no interval to measure"
                                : "no interval without a counter reset";
        return new Parsed.Step(
                trial,
                factors,
                STEP,
                first.time(),
                nanos,
                error,
                totals.metrics(last.sizeBytes()),
                first.line());
    }
}
