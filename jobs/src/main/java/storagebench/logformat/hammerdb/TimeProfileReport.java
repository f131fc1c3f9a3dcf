package storagebench.logformat.hammerdb;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import storagebench.logformat.Parsed;

/**
 * One time profile report while its lines are read: a block per virtual user, then the summary of all
 * of them. The summary's procedures become the sub-steps {@code run.<proc>} of the report's trial as
 * soon as their two lines of figures are read; of the virtual users' blocks only the spread of their
 * average times is kept ({@code vu_avg_ms_min}, {@code vu_avg_ms_max} on the summary's sub-step).
 */
final class TimeProfileReport {

    /**
     * Whose sub-steps the summary's procedures are: a trial key, its factors, and when its test's timed
     * period started (null when not known).
     */
    record Owner(String trial, Map<String, String> factors, Instant start) {}

    /** Finds the owner of a report once its summary says how many virtual users it had. */
    @FunctionalInterface
    interface Owners {
        Owner of(TimeProfileReport report, int virtualUsers);
    }

    final long line;
    final String database;

    /** When the report was written, from its header; null when not known. */
    final Instant written;

    private boolean inSummary;
    private Owner owner;
    private String proc;
    private long procLine;
    private double[] calls;
    private boolean dropped;
    private final Map<String, double[]> vuAvgSpread = new HashMap<>();

    TimeProfileReport(long line, String database, Instant written) {
        this.line = line;
        this.database = database;
        this.written = written;
    }

    boolean hasSummary() {
        return owner != null;
    }

    /** The records a line of this report completes. */
    List<Parsed> accept(TimeProfileLine profile, long number, String text, Owners owners) {
        List<Parsed> out = new ArrayList<>(1);
        switch (profile.kind()) {
            case HEADER -> {}
            case VUSER -> {
                cut(out);
                inSummary = false;
            }
            case SUMMARY -> {
                cut(out);
                inSummary = true;
                owner = owners.of(this, profile.count());
            }
            case PROC -> {
                cut(out);
                proc = profile.name().toLowerCase(Locale.ROOT);
                procLine = number;
            }
            case CALLS -> {
                if (proc == null || calls != null) {
                    out.add(
                            malformed(
                                    number,
                                    "CALLS figures without a >>>>> PROC: line before them",
                                    text));
                } else {
                    calls = profile.values();
                }
            }
            case PERCENTILES -> {
                if (dropped) {
                    dropped = false;
                } else if (proc == null || calls == null) {
                    out.add(
                            malformed(
                                    number,
                                    "P99 figures without a PROC's CALLS line before them",
                                    text));
                } else {
                    done(profile.values(), out);
                }
            }
            case BAD_FIGURES -> {
                // the procedure's figures are lost: its other line is not blamed too
                dropped = proc != null;
                proc = null;
                calls = null;
                out.add(
                        malformed(
                                number,
                                "a time profile line HammerDB does not print: expected "
                                        + "'>>>>> PROC: NAME', 'CALLS: n MIN: x ms AVG: … TOTAL: x ms' "
                                        + "or 'P99: x ms P95: … SD: x RATIO: x%'",
                                text));
            }
        }
        return out;
    }

    /** At the end of the report: a summary procedure cut short, or no summary at all. */
    List<Parsed> finish() {
        List<Parsed> out = new ArrayList<>(1);
        cut(out);
        if (!hasSummary()) {
            out.add(
                    new Parsed.Malformed(
                            line,
                            "a time profile report without its SUMMARY OF N ACTIVE VIRTUAL USERS"
                                    + " block (cut short?): its virtual users' figures are not recorded",
                            ""));
        }
        return out;
    }

    /** A procedure whose figures did not both follow it: malformed in the summary, dropped in a user's block. */
    private void cut(List<Parsed> out) {
        dropped = false;
        if (proc != null && inSummary) {
            out.add(
                    new Parsed.Malformed(
                            procLine,
                            "the figures of >>>>> PROC: "
                                    + proc.toUpperCase(Locale.ROOT)
                                    + " are cut short",
                            ""));
        }
        proc = null;
        calls = null;
    }

    private void done(double[] percentiles, List<Parsed> out) {
        if (!inSummary) {
            double avg = calls[2];
            vuAvgSpread.merge(
                    proc,
                    new double[] {avg, avg},
                    (a, b) -> new double[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
        } else {
            out.add(step(percentiles));
        }
        proc = null;
        calls = null;
    }

    private Parsed.Step step(double[] percentiles) {
        Map<String, Double> metrics = new TreeMap<>();
        metrics.put("calls", calls[0]);
        metrics.put("min_ms", calls[1]);
        metrics.put("avg_ms", calls[2]);
        metrics.put("max_ms", calls[3]);
        metrics.put("total_ms", calls[4]);
        metrics.put("p99_ms", percentiles[0]);
        metrics.put("p95_ms", percentiles[1]);
        metrics.put("p50_ms", percentiles[2]);
        metrics.put("sd", percentiles[3]);
        metrics.put("ratio_pct", percentiles[4]);
        double[] spread = vuAvgSpread.get(proc);
        if (spread != null) {
            metrics.put("vu_avg_ms_min", spread[0]);
            metrics.put("vu_avg_ms_max", spread[1]);
        }
        return new Parsed.Step(
                owner.trial(),
                owner.factors(),
                "run." + proc,
                owner.start(),
                Math.max(0, Math.round(calls[2] * 1e6)),
                null,
                Collections.unmodifiableMap(metrics),
                procLine);
    }

    private static Parsed.Malformed malformed(long line, String reason, String text) {
        return new Parsed.Malformed(line, reason, text);
    }
}
