package storagebench.logformat.pgbench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import storagebench.logformat.Parsed;

/**
 * One pgbench run in an output file, as the first pass found it: where it starts, its summary's
 * factors and metrics, its first error, and what the second pass needs to time its progress lines.
 */
final class PgbenchRun {
    /** More unreadable summary values than this in one run are not listed one by one. */
    private static final int MAX_PROBLEMS = 100;

    final long firstLine;
    final Map<String, String> factors = new TreeMap<>();
    final Map<String, Double> metrics = new TreeMap<>();
    final List<Parsed.Malformed> problems = new ArrayList<>();
    long summaryLine;
    String firstError;
    boolean aborted;
    boolean versioned;
    int progressLines;

    /** The first two progress times: with --progress-timestamp the first interval is the gap between them. */
    double firstProgress = Double.NaN;

    double secondProgress = Double.NaN;

    PgbenchRun(long firstLine) {
        this.firstLine = firstLine;
    }

    boolean hasSummary() {
        return summaryLine > 0;
    }

    void progress(double time) {
        if (progressLines == 0) {
            firstProgress = time;
        } else if (progressLines == 1) {
            secondProgress = time;
        }
        progressLines++;
    }

    void error(String text) {
        if (firstError == null) {
            firstError = text.replaceFirst("^pgbench: (error: |fatal: )?", "");
        }
    }

    void problem(long line, String reason, String text) {
        if (problems.size() < MAX_PROBLEMS) {
            problems.add(new Parsed.Malformed(line, reason, text));
        }
    }

    Map<String, String> factorsView() {
        return Collections.unmodifiableMap(factors);
    }

    Map<String, Double> metricsView() {
        return Collections.unmodifiableMap(metrics);
    }

    /** Why the run failed, or null: aborted clients, nothing processed, or a summary cut short. */
    String failure() {
        String cause = cause();
        if (aborted) {
            return "run was aborted, the results are incomplete" + cause;
        }
        if (!hasSummary()) {
            return "no summary follows: the run did not finish" + cause;
        }
        if (metrics.getOrDefault("transactions", 1.0) == 0) {
            return "no transaction was processed" + cause;
        }
        if (!metrics.containsKey("tps")) {
            return "incomplete summary: no tps line" + cause;
        }
        return null;
    }

    String cause() {
        return firstError == null ? "" : " (first error: " + firstError + ")";
    }

    /** The benchmark's time: transactions / tps (connections excluded), else the -T duration. */
    long durationNs() {
        double transactions = metrics.getOrDefault("transactions", 0.0);
        double tps = metrics.getOrDefault("tps", 0.0);
        if (transactions > 0 && tps > 0) {
            return Math.round(transactions / tps * 1e9);
        }
        String duration = factors.get("duration_s");
        return duration == null ? 0 : Math.round(Double.parseDouble(duration) * 1e9);
    }
}
