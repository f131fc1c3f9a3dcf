package storagebench.logformat.pgbench;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import storagebench.logformat.LineReader;
import storagebench.logformat.LineRecords;
import storagebench.logformat.Parsed;

/**
 * The second pass over pgbench's output, in file order: a {@code progress} step per -P line and a
 * {@code run} step at each summary, both with the run's factors from the first pass. A run that
 * printed only errors becomes one Malformed record; progress lines of a run with no summary (killed,
 * or the file cut short) carry that as their error.
 */
final class SummaryRecords extends LineRecords {
    private final List<PgbenchRun> runs;
    private final String trial;
    private int next;
    private int index = -1;
    private double previous;

    SummaryRecords(Path file, List<PgbenchRun> runs, String trial) {
        super(file);
        this.runs = runs;
        this.trial = trial;
    }

    @Override
    protected void accept(LineReader.Line line, Consumer<Parsed> out) {
        while (next < runs.size() && runs.get(next).firstLine <= line.number()) {
            index = next++;
            previous = 0;
        }
        String text = line.text().strip();
        ProgressLine progress =
                text.startsWith(ProgressLine.START) ? ProgressLine.parse(text) : null;
        if (text.startsWith(ProgressLine.START) && progress == null) {
            out.accept(
                    new Parsed.Malformed(
                            line.number(),
                            "a pgbench progress line without a time or tps",
                            line.text()));
        } else if (index >= 0) {
            accept(runs.get(index), line, progress, out);
        }
    }

    private void accept(
            PgbenchRun run, LineReader.Line line, ProgressLine progress, Consumer<Parsed> out) {
        if (line.number() == run.firstLine && !run.hasSummary() && run.progressLines == 0) {
            out.accept(
                    new Parsed.Malformed(
                            line.number(),
                            "a pgbench run with no summary and no progress line" + run.cause(),
                            line.text()));
        } else if (progress != null) {
            out.accept(progress(run, progress, line.number()));
        } else if (line.number() == run.summaryLine) {
            run.problems.forEach(out);
            out.accept(
                    new Parsed.Step(
                            trial(),
                            run.factorsView(),
                            "run",
                            null,
                            run.durationNs(),
                            run.failure(),
                            run.metricsView(),
                            line.number()));
        }
    }

    @Override
    protected void finish(Consumer<Parsed> out) {
        if (runs.isEmpty()) {
            out.accept(
                    new Parsed.Malformed(
                            1, "no pgbench summary, progress line or error in the file", ""));
        }
    }

    /**
     * A step for the interval ending at the line's time: since the previous line (or the run's start);
     * with --progress-timestamp the first interval is taken to be as long as the second.
     */
    private Parsed.Step progress(PgbenchRun run, ProgressLine p, long line) {
        double seconds;
        if (p.timestamp() && previous == 0) {
            seconds = Double.isNaN(run.secondProgress) ? 0 : run.secondProgress - run.firstProgress;
        } else {
            seconds = p.time() - previous;
        }
        previous = p.time();
        Map<String, Double> metrics = new TreeMap<>(p.metrics());
        Instant start = null;
        if (p.timestamp()) {
            start = Instant.ofEpochMilli(Math.round((p.time() - seconds) * 1000));
        } else {
            metrics.put("elapsed_s", p.time());
        }
        // to the microsecond: the difference of two Unix times as doubles is off by up to 0.24 µs
        return new Parsed.Step(
                trial(),
                run.factorsView(),
                "progress",
                start,
                Math.round(seconds * 1e6) * 1000,
                run.hasSummary() ? null : run.failure(),
                Collections.unmodifiableMap(metrics),
                line);
    }

    private String trial() {
        return runs.size() > 1 ? trial + "/" + (index + 1) : trial;
    }
}
