package storagebench.logformat.pgbench;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * A -P line: {@code progress: 5.0 s, 1234.5 tps, lat 0.812 ms stddev 0.210, 0 failed} (PostgreSQL 15+;
 * before 15 without "failed"; 9.3 wrote {@code 0.812 ms lat}), with {@code , lag 0.1 ms}, {@code , 3 skipped},
 * {@code , 2 retried, 5 retries} when those apply. The time is seconds since the run started, or a Unix
 * time with --progress-timestamp.
 *
 * @param time the time printed, at the end of the interval
 * @param metrics tps, lat_ms, stddev_ms, failed, lag_ms, skipped, retried, retries — those printed
 */
record ProgressLine(double time, Map<String, Double> metrics) {
    static final String START = "progress: ";

    /** Times at least this large are Unix times (--progress-timestamp), not seconds since the start. */
    static final double EPOCH_MIN = 100_000_000;

    boolean timestamp() {
        return time >= EPOCH_MIN;
    }

    /** The line read, or null when it has no time or no tps. */
    static ProgressLine parse(String line) {
        String text = line.strip();
        if (!text.startsWith(START)) {
            return null;
        }
        String[] parts = text.substring(START.length()).split(",\\s*");
        String[] time = parts[0].split("\\s+");
        double at =
                time.length == 2 && time[1].equals("s") ? SummaryLines.number(time[0]) : Double.NaN;
        Map<String, Double> metrics = new TreeMap<>();
        for (int i = 1; i < parts.length; i++) {
            part(parts[i].split("\\s+"), metrics);
        }
        if (!Double.isFinite(at) || !metrics.containsKey("tps")) {
            return null;
        }
        return new ProgressLine(at, Collections.unmodifiableMap(metrics));
    }

    private static void part(String[] w, Map<String, Double> metrics) {
        if (w.length == 2) {
            String name =
                    switch (w[1]) {
                        case "tps" -> "tps";
                        case "failed" -> "failed";
                        case "skipped" -> "skipped";
                        case "retried" -> "retried";
                        case "retries" -> "retries";
                        default -> null;
                    };
            put(metrics, name, w[0]);
        } else if (w.length == 3 && w[0].equals("lag") && w[2].equals("ms")) {
            put(metrics, "lag_ms", w[1]);
        } else if (w.length == 5
                && w[0].equals("lat")
                && w[2].equals("ms")
                && w[3].equals("stddev")) {
            put(metrics, "lat_ms", w[1]);
            put(metrics, "stddev_ms", w[4]);
        } else if (w.length == 3 && w[1].equals("ms") && w[2].equals("lat")) {
            put(metrics, "lat_ms", w[0]);
        }
    }

    private static void put(Map<String, Double> metrics, String name, String value) {
        double v = SummaryLines.number(value);
        if (name != null && Double.isFinite(v)) {
            metrics.put(name, v);
        }
    }
}
