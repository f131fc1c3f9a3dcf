package storagebench.logformat.gbak;

import java.util.Map;
import java.util.TreeMap;

/** A step while it runs: what the lines after its start line add to it until the next step starts. */
final class GbakStep {
    final String name;
    final long line;
    final Long startNs;
    long reads;
    long writes;
    Long records;
    boolean wrapped;
    final GbakErrors errors = new GbakErrors();

    GbakStep(String name, long line, Long startNs) {
        this.name = name;
        this.line = line;
        this.startNs = startNs;
    }

    void add(long pageReads, long pageWrites, boolean counterWrapped) {
        reads += pageReads;
        writes += pageWrites;
        wrapped |= counterWrapped;
    }

    String error() {
        return errors.joined();
    }

    /** Its metrics, {@code timed} when its end is known; see {@link GbakParser}. */
    Map<String, Double> metrics(GbakColumns columns, boolean timed) {
        Map<String, Double> metrics = new TreeMap<>();
        if (startNs != null) {
            metrics.put("at_s", seconds(startNs));
        }
        if (columns.columns().contains(GbakColumns.Column.READS)) {
            metrics.put("page_reads", (double) reads);
        }
        if (columns.columns().contains(GbakColumns.Column.WRITES)) {
            metrics.put("page_writes", (double) writes);
        }
        if (records != null) {
            metrics.put("records", (double) records);
        }
        if (wrapped) {
            metrics.put("counter_wrapped", 1.0);
        }
        if (!timed) {
            metrics.put("incomplete", 1.0);
        }
        return metrics;
    }

    static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
