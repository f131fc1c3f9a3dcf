package storagebench.logformat.gbak;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import storagebench.logformat.LineReader;
import storagebench.logformat.Parsed;

/**
 * One gbak log read line by line. gbak prints a line when a step starts, and the statistics on a
 * line are those of the time since the line before: so each line's delta and I/O go to the step
 * that is running, and a step ends at the statistics line that starts the next one.
 */
final class GbakRun {
    private static final Pattern RECORDS =
            Pattern.compile("(\\d{1,18}) records (?:restored|written)");

    private record Total(long line, Long elapsedNs) {}

    private final String trial;
    private final Instant start;
    private GbakColumns columns;
    private final Map<String, String> factors;
    private Long clockNs;
    private long runReads;
    private long runWrites;
    private GbakStep current;
    private Total total;
    private boolean fatal;
    private final GbakErrors runErrors = new GbakErrors();
    private Long firstIndexNs;
    private Long lastIndexNs;
    private int indexes;
    private int steps;
    private int failed;
    private long lastLine;
    private boolean seen;

    /**
     * @param columns the statistics columns when known beforehand, else null (the header or the
     *     first line with numbers tells)
     * @param factors the trial's factors, every step gets them
     * @param start wall-clock time of gbak's start, or null
     */
    GbakRun(String trial, Map<String, String> factors, GbakColumns columns, Instant start) {
        this.trial = trial;
        this.factors = factors;
        this.columns = columns;
        this.start = start;
    }

    /** The records a line completes; lines that are too long never come here. */
    List<Parsed> accept(LineReader.Line line) {
        String text = line.text().strip();
        if (text.isEmpty()) {
            return List.of();
        }
        if (!text.startsWith("gbak:") && !text.contains("ERROR:")) {
            boolean continuation = Character.isWhitespace(line.text().charAt(0));
            return continuation
                    ? List.of()
                    : List.of(
                            new Parsed.Malformed(
                                    line.number(),
                                    "not a gbak line (no 'gbak:' prefix)",
                                    line.text()));
        }
        seen = true;
        lastLine = line.number();
        String body = text.startsWith("gbak:") ? text.substring("gbak:".length()) : text;
        var header = GbakColumns.header(body);
        if (header.isPresent()) {
            columns = header.get();
            return restart();
        }
        if (columns == null) {
            columns = GbakColumns.guess(body).orElse(null);
        }
        var split = (columns == null ? GbakColumns.NONE : columns).split(body);
        if (split.isEmpty()) {
            return List.of(
                    new Parsed.Malformed(
                            line.number(),
                            "expected the statistics columns '" + columns.names() + "' or none",
                            line.text()));
        }
        return apply(
                line.number(), split.get().stats(), GbakMessage.classify(split.get().message()));
    }

    /** A header after steps: another gbak run appended to the log; the running step is cut. */
    private List<Parsed> restart() {
        List<Parsed> out = new ArrayList<>(1);
        if (current != null) {
            current.errors.add("the log starts over before the step finished");
            close(null, out);
        }
        return out;
    }

    private List<Parsed> apply(long line, GbakColumns.Stats stats, GbakMessage message) {
        List<Parsed> out = new ArrayList<>(1);
        if (stats != null) {
            tick(stats, message.kind() == GbakMessage.Kind.TOTAL);
        }
        Long now = stats == null ? null : clockNs;
        switch (message.kind()) {
            case STEP -> {
                if (current == null || !current.name.equals(message.text())) {
                    close(now, out);
                    current = new GbakStep(message.text(), line, now);
                    countIndex(current);
                }
            }
            case TOTAL -> {
                total = new Total(line, now);
                close(now, out);
            }
            case ERROR -> (current == null ? runErrors : current.errors).add(message.text());
            case FATAL -> {
                fatal = true;
                String cause = current == null ? null : current.errors.first();
                runErrors.add(
                        cause == null ? "gbak exited before completion" : "gbak exited: " + cause);
                if (current != null && current.errors.isEmpty()) {
                    current.errors.add("gbak exited before completion");
                }
                close(null, out);
            }
            case RUN_ERROR -> runErrors.add(message.text());
            case DETAIL -> {
                Matcher m = RECORDS.matcher(message.text());
                if (current != null && m.lookingAt()) {
                    current.records = Long.parseLong(m.group(1));
                }
            }
        }
        return out;
    }

    /** Advances the clock and adds the line's I/O to the running step; the total line has run totals. */
    private void tick(GbakColumns.Stats stats, boolean totals) {
        if (stats.timeNs() != null) {
            clockNs = stats.timeNs();
        } else if (stats.deltaNs() != null) {
            clockNs = (clockNs == null ? 0 : clockNs) + stats.deltaNs();
        }
        long reads = stats.reads() == null ? 0 : stats.reads() - (totals ? runReads : 0);
        long writes = stats.writes() == null ? 0 : stats.writes() - (totals ? runWrites : 0);
        runReads += reads;
        runWrites += writes;
        if (current != null) {
            current.add(reads, writes, stats.wrapped());
        }
    }

    private void countIndex(GbakStep step) {
        if (step.name.startsWith("index ")) {
            indexes++;
            if (step.startNs != null) {
                firstIndexNs = firstIndexNs == null ? step.startNs : firstIndexNs;
                lastIndexNs = step.startNs;
            }
        }
    }

    /**
     * Ends the running step at {@code endNs} and emits it. Null, or earlier than the start (a
     * second run appended to the log restarts the clock), means the end is unknown.
     */
    private void close(Long endNs, List<Parsed> out) {
        if (current == null) {
            return;
        }
        GbakStep step = current;
        current = null;
        boolean timed = step.startNs != null && endNs != null && endNs >= step.startNs;
        String error = step.error();
        steps++;
        failed += error == null ? 0 : 1;
        out.add(
                new Parsed.Step(
                        trial,
                        factors,
                        step.name,
                        at(step.startNs),
                        timed ? endNs - step.startNs : 0,
                        error,
                        step.metrics(columns == null ? GbakColumns.NONE : columns, timed),
                        step.line));
    }

    /** At the end of the log: the running step, then the step "total". */
    List<Parsed> finish() {
        List<Parsed> out = new ArrayList<>(2);
        if (!seen) {
            return out;
        }
        boolean finished =
                total != null
                        || fatal
                        || current != null && current.name.equals(GbakMessage.FINISH);
        if (!finished) {
            runErrors.add("log ends before gbak finished");
            if (current != null) {
                current.errors.add("log ends before the step finished");
            }
        }
        close(null, out);
        out.add(totalStep());
        return out;
    }

    private Parsed.Step totalStep() {
        Long elapsed = total != null && total.elapsedNs() != null ? total.elapsedNs() : clockNs;
        boolean known = total != null && total.elapsedNs() != null;
        GbakColumns cols = columns == null ? GbakColumns.NONE : columns;
        Map<String, Double> metrics = new TreeMap<>();
        if (elapsed != null) {
            metrics.put("elapsed_s", GbakStep.seconds(elapsed));
        }
        if (cols.columns().contains(GbakColumns.Column.READS)) {
            metrics.put("page_reads", (double) runReads);
        }
        if (cols.columns().contains(GbakColumns.Column.WRITES)) {
            metrics.put("page_writes", (double) runWrites);
        }
        metrics.put("steps", (double) steps);
        metrics.put("failed_steps", (double) failed);
        metrics.put("index_count", (double) indexes);
        if (firstIndexNs != null) {
            metrics.put("index_first_s", GbakStep.seconds(firstIndexNs));
            metrics.put("index_last_s", GbakStep.seconds(lastIndexNs));
            metrics.put("index_span_s", GbakStep.seconds(lastIndexNs - firstIndexNs));
        }
        if (!known) {
            metrics.put("incomplete", 1.0);
        }
        String error = runErrors.joined();
        long line = total != null ? total.line() : lastLine;
        return new Parsed.Step(
                trial, factors, "total", start, known ? elapsed : 0, error, metrics, line);
    }

    private Instant at(Long elapsedNs) {
        return start == null || elapsedNs == null ? null : start.plusNanos(elapsedNs);
    }
}
