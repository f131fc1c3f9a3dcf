package storagebench.logformat.pgbench;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import storagebench.logformat.LineReader;
import storagebench.logformat.LineRecords;
import storagebench.logformat.Parsed;

/**
 * A per-transaction -l log, summed up while streaming into one {@code progress} step per second of
 * completion time (time_epoch), so only the current second is held: its counts, sums and a histogram
 * of its latencies (HdrHistogram, three significant digits), whose 50th, 95th and 99th percentiles are
 * those of the transactions completed in that second ({@code latency_p95_ms}, as an oltp run names
 * them). The 7th field is read as schedule_lag (--rate), the 8th as retries. A -j N run writes one log
 * per thread: each file gives the tps of its own clients. The first and last seconds are partial.
 */
final class TransactionLogRecords extends LineRecords {
    private static final long NO_SECOND = Long.MIN_VALUE;

    private final String trial;
    private long second = NO_SECOND;
    private long firstLine;
    private long done;
    private long failed;
    private long skipped;
    private double sum;
    private double sum2;
    private double min;
    private double max;
    private double lag = Double.NaN;
    private double retries = Double.NaN;
    private final Histogram latencies = new Histogram(3);

    TransactionLogRecords(Path file, String trial) {
        super(file);
        this.trial = trial;
        latencies.setAutoResize(true);
    }

    @Override
    protected void accept(LineReader.Line line, Consumer<Parsed> out) {
        String[] f = PgbenchForm.fields(line.text());
        if (f.length == 0) {
            return;
        }
        if (!PgbenchForm.isTransaction(f)) {
            out.accept(
                    new Parsed.Malformed(
                            line.number(),
                            "not a pgbench transaction log line (client_id "
                                    + "transaction_no time script_no time_epoch time_us …)",
                            shown(line.text())));
            return;
        }
        long epoch = Long.parseLong(f[4]);
        if (second != NO_SECOND && epoch < second) {
            out.accept(
                    new Parsed.Malformed(
                            line.number(),
                            "completed at "
                                    + epoch
                                    + ", before second "
                                    + second
                                    + " already summed up: the log is not in completion order",
                            line.text()));
            return;
        }
        if (epoch > second) {
            emit(out);
            start(epoch, line.number());
        }
        add(f);
    }

    @Override
    protected void finish(Consumer<Parsed> out) {
        emit(out);
    }

    private void emit(Consumer<Parsed> out) {
        if (second == NO_SECOND) {
            return;
        }
        Map<String, Double> m = new TreeMap<>();
        m.put("transactions", (double) done);
        m.put("tps", (double) done);
        m.put("failed", (double) failed);
        m.put("skipped", (double) skipped);
        if (done > 0) {
            double mean = sum / done;
            m.put("lat_ms", mean / 1000);
            m.put("stddev_ms", Math.sqrt(Math.max(0, sum2 / done - mean * mean)) / 1000);
            m.put("lat_min_ms", min / 1000);
            m.put("lat_max_ms", max / 1000);
            m.put("latency_p50_ms", latencies.getValueAtPercentile(50) / 1000.0);
            m.put("latency_p95_ms", latencies.getValueAtPercentile(95) / 1000.0);
            m.put("latency_p99_ms", latencies.getValueAtPercentile(99) / 1000.0);
        }
        if (!Double.isNaN(lag) && done + failed > 0) {
            m.put("lag_ms", lag / (done + failed) / 1000);
        }
        if (!Double.isNaN(retries)) {
            m.put("retries", retries);
        }
        out.accept(
                new Parsed.Step(
                        trial,
                        Map.of(),
                        "progress",
                        Instant.ofEpochSecond(second),
                        1_000_000_000L,
                        null,
                        Collections.unmodifiableMap(m),
                        firstLine));
    }

    private void start(long epoch, long line) {
        second = epoch;
        firstLine = line;
        done = failed = skipped = 0;
        sum = sum2 = 0;
        min = Double.POSITIVE_INFINITY;
        max = 0;
        lag = retries = Double.NaN;
        latencies.reset();
    }

    private void add(String[] f) {
        switch (f[2]) {
            case "skipped" -> skipped++;
            case "failed", "serialization", "deadlock" -> failed++;
            default -> {
                double us = number(f[2]);
                done++;
                sum += us;
                sum2 += us * us;
                min = Math.min(min, us);
                max = Math.max(max, us);
                latencies.recordValue((long) us);
            }
        }
        if (f.length >= 7 && !f[2].equals("skipped")) {
            lag = (Double.isNaN(lag) ? 0 : lag) + number(f[6]);
        }
        if (f.length == 8) {
            retries = (Double.isNaN(retries) ? 0 : retries) + number(f[7]);
        }
    }

    /**
     * A field of digits ({@link PgbenchForm#isTransaction}) as a number: as a long when it fits, which is
     * the same double Double.parseDouble gives and several times faster, a line per transaction.
     */
    private static double number(String digits) {
        return digits.length() <= 18 ? Long.parseLong(digits) : Double.parseDouble(digits);
    }
}
