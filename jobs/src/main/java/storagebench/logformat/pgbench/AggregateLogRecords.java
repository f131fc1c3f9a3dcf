package storagebench.logformat.pgbench;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import storagebench.logformat.LineReader;
import storagebench.logformat.LineRecords;
import storagebench.logformat.Parsed;

/**
 * An --aggregate-interval log: a {@code progress} step per line, starting at interval_start and as
 * long as the interval. The log does not say how long that is: the {@code aggregate-interval} option
 * does, else the gap between the first two lines (pgbench logs empty intervals too), else 1 s. The
 * last interval is usually cut short by the end of the run, yet its tps is over the full interval.
 */
final class AggregateLogRecords extends LineRecords {
    private final String trial;
    private double interval;
    private String[] held;
    private long heldLine;

    AggregateLogRecords(Path file, String trial, double interval) {
        super(file);
        this.trial = trial;
        this.interval = interval;
    }

    @Override
    protected void accept(LineReader.Line line, Consumer<Parsed> out) {
        String[] f = PgbenchForm.fields(line.text());
        if (f.length == 0) {
            return;
        }
        if (!PgbenchForm.isAggregate(f)) {
            out.accept(
                    new Parsed.Malformed(
                            line.number(),
                            "not a pgbench aggregate log line (interval_start "
                                    + "num_transactions sum_latency sum_latency_2 min_latency max_latency …)",
                            shown(line.text())));
        } else if (interval > 0) {
            out.accept(step(f, line.number()));
        } else if (held == null) {
            held = f;
            heldLine = line.number();
        } else {
            long gap = Long.parseLong(f[0]) - Long.parseLong(held[0]);
            interval = gap > 0 ? gap : 1;
            out.accept(step(held, heldLine));
            held = null;
            out.accept(step(f, line.number()));
        }
    }

    @Override
    protected void finish(Consumer<Parsed> out) {
        if (held != null) {
            interval = 1;
            out.accept(step(held, heldLine));
        }
    }

    private Parsed.Step step(String[] f, long line) {
        double n = Double.parseDouble(f[1]);
        Map<String, Double> m = new TreeMap<>();
        m.put("transactions", n);
        m.put("tps", n / interval);
        if (n > 0) {
            double mean = Double.parseDouble(f[2]) / n;
            m.put("lat_ms", mean / 1000);
            m.put(
                    "stddev_ms",
                    Math.sqrt(Math.max(0, Double.parseDouble(f[3]) / n - mean * mean)) / 1000);
            m.put("lat_min_ms", Double.parseDouble(f[4]) / 1000);
            m.put("lat_max_ms", Double.parseDouble(f[5]) / 1000);
            if (f.length >= 10) {
                m.put("lag_ms", Double.parseDouble(f[6]) / n / 1000);
                m.put("lag_max_ms", Double.parseDouble(f[9]) / 1000);
            }
        }
        String[] counts = {
            "skipped", "retried", "retries", "serialization_failures", "deadlock_failures"
        };
        for (int i = 10; i < f.length; i++) {
            m.put(counts[i - 10], Double.parseDouble(f[i]));
        }
        return new Parsed.Step(
                trial,
                Map.of(),
                "progress",
                Instant.ofEpochSecond(Long.parseLong(f[0])),
                Math.round(interval * 1e9),
                null,
                Collections.unmodifiableMap(m),
                line);
    }
}
