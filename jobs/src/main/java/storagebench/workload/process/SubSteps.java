package storagebench.workload.process;

import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.avro.specific.SpecificRecord;
import storagebench.events.TrialRef;
import storagebench.events.TrialTimed;
import storagebench.logformat.Parsed;
import storagebench.logformat.ParsedEvents;

/**
 * What a parser read from a command's output, as part of the run step's trial, with no schema of its own:
 *
 * <ul>
 * <li>each parsed step is a sub-step: a TrialTimed of the same trial (id, index, variant, repetition,
 * warm-up, host settings) named {@code run.<step>} (fio's {@code write} → {@code run.write}), with the
 * parser's duration, error and metrics; factors are the trial's plus the parser's (the trial's win);
 * start is the parser's, but never before the run step's (what the command printed ran inside it; fio's
 * starts, worked out to the second, can come out early), or without one the run step's start plus
 * the durations of the sub-steps before it;
 * <li>each parsed sample is an IoSample of the trial, step {@code run.<step>}; each host row a
 * HostSample of it (counted with the samples);
 * <li>the run step itself gets the metrics of every sub-step whose name occurs once, prefixed with it
 * ({@code write.iops}), and {@code parsed_steps}, {@code parsed_samples}, {@code parsed_malformed}.
 * </ul>
 * Event ids are the run step's followed by {@code /<n>}, n counting the parsed records from 1.
 */
public final class SubSteps {
    private final TrialTimed measured;
    private final Consumer<SpecificRecord> emit;
    private final Map<String, Map<String, Double>> metricsByStep = new LinkedHashMap<>();
    private final Set<String> repeated = new HashSet<>();
    private long ordinal;
    private long steps;
    private long samples;
    private long elapsedNanos;

    public SubSteps(TrialTimed measured, Consumer<SpecificRecord> emit) {
        this.measured = measured;
        this.emit = emit;
    }

    public void add(Parsed record) {
        ordinal++;
        if (record instanceof Parsed.Step step) {
            Instant begun = measured.getStartTime();
            Instant start =
                    step.start() == null
                            ? begun.plusNanos(elapsedNanos)
                            : step.start().isBefore(begun) ? begun : step.start();
            elapsedNanos += step.durationNs();
            emit.accept(
                    ParsedEvents.step(step, name(step.step()), identity(step.factors()), start));
            if (metricsByStep.putIfAbsent(step.step(), step.metrics()) != null) {
                repeated.add(step.step());
            }
            steps++;
        } else if (record instanceof Parsed.Sample sample) {
            emit.accept(
                    ParsedEvents.sample(sample, name(sample.step()), identity(sample.factors())));
            samples++;
        } else if (record instanceof Parsed.HostRow row) {
            emit.accept(ParsedEvents.host(row, name(row.step()), identity(row.factors())));
            samples++;
        }
    }

    /** The metrics for the run step. */
    public Map<String, Double> metrics(long malformed) {
        Map<String, Double> metrics = new LinkedHashMap<>();
        metricsByStep.forEach(
                (step, values) -> {
                    if (!repeated.contains(step)) {
                        values.forEach((metric, value) -> metrics.put(step + "." + metric, value));
                    }
                });
        metrics.put("parsed_steps", (double) steps);
        metrics.put("parsed_samples", (double) samples);
        metrics.put("parsed_malformed", (double) malformed);
        return metrics;
    }

    private String name(String step) {
        return measured.getStep() + "." + step;
    }

    private ParsedEvents.Identity identity(Map<String, String> parsedFactors) {
        Map<String, String> factors = new LinkedHashMap<>(parsedFactors);
        factors.putAll(measured.getFactors());
        return new ParsedEvents.Identity(
                measured.getEventId() + "/" + ordinal,
                TrialRef.of(measured).withFactors(factors),
                measured.getRepetition(),
                measured.getHostSettings());
    }
}
