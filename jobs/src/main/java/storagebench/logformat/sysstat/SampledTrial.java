package storagebench.logformat.sysstat;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import storagebench.logformat.Parsed;

/**
 * The one trial of a sysstat log: its host rows, all of step {@value #STEP}, and at the end that step,
 * spanning the first interval's start to the last one's end, with the number of intervals (and what the
 * parser adds). A log without a row that reads has no step, so no trial.
 */
final class SampledTrial {
    /** The step of every row and of the trial. */
    static final String STEP = "sampled";

    private final String trial;
    private final Set<Instant> starts = new HashSet<>();
    private Instant first;
    private Instant end;
    private long firstLine;

    SampledTrial(String trial) {
        this.trial = trial;
    }

    /** A row of the interval that began at {@code start} and lasted {@code ms}. */
    Parsed.HostRow row(
            Instant start,
            double ms,
            String source,
            String name,
            Map<String, Double> metrics,
            long line) {
        Instant until = start.plusNanos(Math.round(ms * 1e6));
        if (first == null || start.isBefore(first)) {
            first = start;
        }
        if (end == null || until.isAfter(end)) {
            end = until;
        }
        if (firstLine == 0) {
            firstLine = line;
        }
        starts.add(start);
        return new Parsed.HostRow(
                trial, Map.of(), STEP, start, ms, source, name, Map.copyOf(metrics), line);
    }

    /** The trial's step, when a row was read, with {@code extra} among its metrics. */
    List<Parsed> finish(Map<String, Double> extra) {
        if (first == null) {
            return List.of();
        }
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("intervals", (double) starts.size());
        metrics.putAll(extra);
        return List.of(
                new Parsed.Step(
                        trial,
                        Map.of(),
                        STEP,
                        first,
                        Duration.between(first, end).toNanos(),
                        null,
                        metrics,
                        firstLine));
    }
}
