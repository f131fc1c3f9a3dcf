package storagebench.logformat.hammerdb;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A line of HammerDB's time profile report ({@code hdbxtprofile.log}, written by its xtprof package at
 * the end of a timed test with time profiling on): the report's header, the start of a virtual user's
 * block or of the summary, a {@code >>>>> PROC:} line and the two lines of figures after it.
 *
 * @param kind what the line is
 * @param name the report's database (HEADER, may be empty) or the procedure (PROC)
 * @param count the virtual user (VUSER) or the number of active virtual users (SUMMARY)
 * @param values CALLS, MIN, AVG, MAX, TOTAL (CALLS line) or P99, P95, P50, SD, RATIO (PERCENTILES line)
 */
record TimeProfileLine(Kind kind, String name, int count, double[] values) {

    enum Kind {
        HEADER,
        VUSER,
        SUMMARY,
        PROC,
        CALLS,
        PERCENTILES,
        /** Starts like a figures line but is not one: malformed. */
        BAD_FIGURES
    }

    private static final String NUM = "(-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?)";
    private static final Pattern HEADER =
            Pattern.compile("(.*?)\\s*Hammerdb Time Profile Report @.*");
    private static final Pattern VUSER =
            Pattern.compile(">>>>> VIRTUAL USER (\\d{1,9}) : ELAPSED TIME : " + NUM + "ms");
    private static final Pattern SUMMARY =
            Pattern.compile(
                    ">>>>> SUMMARY OF (\\d{1,9}) ACTIVE VIRTUAL USERS : MEDIAN ELAPSED TIME : "
                            + NUM
                            + "ms");
    private static final Pattern PROC = Pattern.compile(">>>>> PROC: (\\S+)");
    private static final Pattern CALLS =
            Pattern.compile(
                    "CALLS:\\s*(\\d{1,18})\\s+MIN:\\s*"
                            + NUM
                            + "ms\\s+AVG:\\s*"
                            + NUM
                            + "ms\\s+MAX:\\s*"
                            + NUM
                            + "ms\\s+TOTAL:\\s*"
                            + NUM
                            + "ms");
    private static final Pattern PERCENTILES =
            Pattern.compile(
                    "P99:\\s*"
                            + NUM
                            + "ms\\s+P95:\\s*"
                            + NUM
                            + "ms\\s+P50:\\s*"
                            + NUM
                            + "ms\\s+SD:\\s*"
                            + NUM
                            + "\\s+RATIO:\\s*"
                            + NUM
                            + "%");

    /** The line as a time profile line, if it is one. */
    static Optional<TimeProfileLine> of(String text) {
        Matcher m;
        if ((m = HEADER.matcher(text)).matches()) {
            return line(Kind.HEADER, m.group(1).strip(), 0);
        }
        if (text.startsWith(">>>>> ")) {
            if ((m = VUSER.matcher(text)).matches()) {
                return line(Kind.VUSER, null, Integer.parseInt(m.group(1)));
            }
            if ((m = SUMMARY.matcher(text)).matches()) {
                return line(Kind.SUMMARY, null, Integer.parseInt(m.group(1)));
            }
            if ((m = PROC.matcher(text)).matches()) {
                return line(Kind.PROC, m.group(1), 0);
            }
            return line(Kind.BAD_FIGURES, null, 0);
        }
        if (text.startsWith("CALLS:")) {
            return figures(Kind.CALLS, CALLS.matcher(text));
        }
        if (text.startsWith("P99:")) {
            return figures(Kind.PERCENTILES, PERCENTILES.matcher(text));
        }
        return Optional.empty();
    }

    private static Optional<TimeProfileLine> line(Kind kind, String name, int count) {
        return Optional.of(new TimeProfileLine(kind, name, count, new double[0]));
    }

    private static Optional<TimeProfileLine> figures(Kind kind, Matcher m) {
        if (!m.matches()) {
            return line(Kind.BAD_FIGURES, null, 0);
        }
        double[] values = new double[m.groupCount()];
        for (int i = 0; i < values.length; i++) {
            values[i] = Double.parseDouble(m.group(i + 1));
        }
        return Optional.of(new TimeProfileLine(kind, null, 0, values));
    }
}
