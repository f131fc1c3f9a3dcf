package storagebench.probe.waits;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import storagebench.events.WaitSample;

/**
 * The measured fields of a phase's WaitSamples (the identity fields left to fill) from what the sampler
 * read: sampled session waits as shares, and the changes of cumulative statistics between the phase's
 * two readings. A wait or counter that did not move has no row; one that went down (its statistics
 * cleared, its database reopened) has none either; one that appeared during the phase counts from zero.
 */
public final class WaitFigures {
    public static final String WAIT = "wait";
    public static final String COUNTER = "counter";

    private WaitFigures() {}

    /**
     * The sampled waits: each wait's session samples, its share of all session samples, and its time
     * estimated as samples × interval.
     *
     * @param counts the session samples per wait over the phase
     */
    public static List<WaitSample.Builder> sampled(Map<WaitKey, Long> counts, double intervalMs) {
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        List<WaitSample.Builder> rows = new ArrayList<>();
        new TreeMap<>(counts)
                .forEach(
                        (key, n) -> {
                            if (n > 0) {
                                rows.add(
                                        row(WAIT, key)
                                                .setSamples(n)
                                                .setShare((double) n / total)
                                                .setWaitMs(n * intervalMs));
                            }
                        });
        return rows;
    }

    /** The waits' and counters' changes from {@code before} to {@code after}. */
    public static List<WaitSample.Builder> deltas(Reading before, Reading after) {
        Map<WaitKey, Reading.Waited> waits = new TreeMap<>();
        double total = 0;
        for (Map.Entry<WaitKey, Reading.Waited> w : after.waits().entrySet()) {
            Reading.Waited was =
                    before.waits().getOrDefault(w.getKey(), new Reading.Waited(0, 0, 0));
            Reading.Waited now = w.getValue();
            Reading.Waited d =
                    new Reading.Waited(
                            now.count() - was.count(),
                            now.waitMs() - was.waitMs(),
                            now.signalMs() - was.signalMs());
            if (d.count() < 0 || d.waitMs() < 0 || (d.count() == 0 && d.waitMs() == 0)) {
                continue;
            }
            waits.put(w.getKey(), d);
            total += d.waitMs();
        }
        List<WaitSample.Builder> rows = new ArrayList<>();
        for (Map.Entry<WaitKey, Reading.Waited> w : waits.entrySet()) {
            Reading.Waited d = w.getValue();
            rows.add(
                    row(WAIT, w.getKey())
                            .setSamples(d.count())
                            .setShare(total > 0 ? d.waitMs() / total : null)
                            .setWaitMs(d.waitMs())
                            .setValue(d.signalMs()));
        }
        new TreeMap<>(after.counters())
                .forEach(
                        (key, now) -> {
                            double d = now - before.counters().getOrDefault(key, 0.0);
                            if (d > 0) {
                                rows.add(row(COUNTER, key).setValue(d));
                            }
                        });
        return rows;
    }

    private static WaitSample.Builder row(String kind, WaitKey key) {
        return WaitSample.newBuilder()
                .setKind(kind)
                .setWaitType(key.waitType())
                .setName(key.name());
    }
}
