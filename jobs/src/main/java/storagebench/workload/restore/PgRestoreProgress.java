package storagebench.workload.restore;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import storagebench.logformat.Parsed;

/**
 * The items of a {@code pg_restore -v} run, timed by when its lines arrived: pg_restore names each
 * object as it starts on it but prints no times. Run serially, an item runs from its line
 * ({@code creating INDEX "public.t_i1"}, {@code processing data for table "public.t"}) to the next
 * one, the last to the end of the process. In parallel ({@code -j}), an item runs from its
 * {@code launching item N} line to its {@code finished item N} line; the creating lines inside the
 * parallel loop are then ignored. Steps are named {@code <kind> <object>}, the object without its
 * schema as parallel mode prints it: {@code table t}, {@code data t}, {@code index t_i1},
 * {@code constraint t t_pkey} (objects of the same name in two schemas share a name); their metric
 * {@code at_s} is the start since the process started.
 */
final class PgRestoreProgress {
    /**
     * What begins each message. pg_restore writes a message in several writes (this prefix, a space,
     * the text, the newline), and with {@code -j} its processes share one stderr: two messages can
     * interleave into {@code pg_restore:pg_restore:  creating INDEX ...} and a line of the text alone.
     * The text itself is one write, so the lines are cut at each prefix and every piece is a message.
     */
    private static final Pattern PREFIX = Pattern.compile("pg_restore:");

    private static final Pattern CREATING = Pattern.compile("^creating ([A-Z][A-Z ]*?) \"(.*)\"$");
    private static final Pattern DATA = Pattern.compile("^processing data for table \"(.*)\"$");

    /** pg_restore's kinds of more than one word, tried before a one-word kind. */
    private static final String KIND =
            "(TABLE DATA|SEQUENCE SET|BLOB DATA|BLOBS|LARGE OBJECT|MATERIALIZED VIEW DATA"
                    + "|MATERIALIZED VIEW|FK CONSTRAINT|CHECK CONSTRAINT|INDEX ATTACH|DEFAULT ACL|[A-Z]+)";

    private static final Pattern LAUNCHING =
            Pattern.compile("^launching item (\\d+) " + KIND + " (.*)$");
    private static final Pattern FINISHED = Pattern.compile("^finished item (\\d+) ");
    private static final String PARALLEL_START = "entering main parallel loop";
    private static final String PARALLEL_END = "finished main parallel loop";

    /** pg_restore's kinds in parallel mode, as in serial mode's lines. */
    private static final Map<String, String> KINDS = Map.of("TABLE DATA", "data");

    private final long startNanos;
    private final Instant start;
    private final Map<String, String> factors;
    private final List<Parsed.Step> steps = new ArrayList<>();
    private final Map<String, Open> parallel = new LinkedHashMap<>();
    private Open serial;
    private boolean inParallelLoop;
    private long lines;

    private record Open(String name, long startNanos, long line) {}

    /**
     * @param startNanos when the process started ({@link System#nanoTime()})
     * @param start the same moment on the wall clock, for the steps' start times
     * @param factors the trial's factors, every step gets them
     */
    PgRestoreProgress(long startNanos, Instant start, Map<String, String> factors) {
        this.startNanos = startNanos;
        this.start = start;
        this.factors = factors;
    }

    synchronized void line(long arrivedNanos, String text) {
        lines++;
        for (String piece : PREFIX.split(text)) {
            String message = piece.strip();
            if (!message.isEmpty()) {
                message(arrivedNanos, message);
            }
        }
    }

    private void message(long arrivedNanos, String line) {
        Matcher m;
        if (line.equals(PARALLEL_START)) {
            closeSerial(arrivedNanos);
            inParallelLoop = true;
        } else if (line.equals(PARALLEL_END)) {
            inParallelLoop = false;
        } else if ((m = LAUNCHING.matcher(line)).matches()) {
            parallel.put(
                    m.group(1), new Open(kind(m.group(2)) + " " + m.group(3), arrivedNanos, lines));
        } else if ((m = FINISHED.matcher(line)).find()) {
            Open item = parallel.remove(m.group(1));
            if (item != null) {
                steps.add(step(item, arrivedNanos, null));
            }
        } else if (!inParallelLoop && (m = CREATING.matcher(line)).matches()) {
            openSerial(kind(m.group(1)) + " " + unqualified(m.group(2)), arrivedNanos);
        } else if (!inParallelLoop && (m = DATA.matcher(line)).matches()) {
            openSerial("data " + unqualified(m.group(1)), arrivedNanos);
        }
    }

    /** The steps, in the order they ended; {@code endNanos} ends the running serial item. Items left open are cut. */
    synchronized List<Parsed.Step> finish(long endNanos, String error) {
        closeSerial(endNanos);
        for (Open item : parallel.values()) {
            steps.add(
                    step(
                            item,
                            endNanos,
                            error == null ? "pg_restore ended before the item finished" : error));
        }
        parallel.clear();
        return List.copyOf(steps);
    }

    private void openSerial(String name, long now) {
        closeSerial(now);
        serial = new Open(name, now, lines);
    }

    private void closeSerial(long now) {
        if (serial != null) {
            steps.add(step(serial, now, null));
            serial = null;
        }
    }

    private Parsed.Step step(Open item, long endNanos, String error) {
        long offset = item.startNanos() - startNanos;
        Map<String, Double> metrics = new TreeMap<>();
        metrics.put("at_s", offset / 1e9);
        return new Parsed.Step(
                "restore",
                factors,
                item.name(),
                start.plus(Duration.ofNanos(offset)),
                Math.max(0, endNanos - item.startNanos()),
                error,
                metrics,
                item.line());
    }

    /** Without the schema, as parallel mode names objects, so that serial and parallel steps compare. */
    private static String unqualified(String name) {
        return name.replaceFirst("^[^ .]+\\.", "");
    }

    private static String kind(String pgKind) {
        return KINDS.getOrDefault(pgKind, pgKind.toLowerCase(Locale.ROOT).replace(' ', '-'));
    }
}
