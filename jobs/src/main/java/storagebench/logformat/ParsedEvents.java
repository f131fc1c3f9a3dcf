package storagebench.logformat;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import storagebench.events.HostSample;
import storagebench.events.IoSample;
import storagebench.events.Outcome;
import storagebench.events.TrialRef;
import storagebench.events.TrialTimed;

/**
 * Parsed records as events, once whoever reads them (an import, the command workload) has said whose
 * they are. A step's outcome is FAILED exactly when the parser gave it an error.
 */
public final class ParsedEvents {

    /**
     * The identity fields of one event.
     *
     * @param eventId the event's own, deterministic id
     * @param trial the trial it is of
     * @param repetition from 1 within the variant
     * @param hostSettings host settings in force, if known
     */
    public record Identity(
            String eventId, TrialRef trial, int repetition, Map<String, String> hostSettings) {}

    private ParsedEvents() {}

    /** A step as a TrialTimed named {@code stepName}, starting at {@code start} (the step's own when it has one). */
    public static TrialTimed step(Parsed.Step step, String stepName, Identity id, Instant start) {
        Instant begin = start.truncatedTo(ChronoUnit.MICROS);
        return id.trial()
                .stamp(TrialTimed.newBuilder(), stepName)
                .setEventId(id.eventId())
                .setRepetition(id.repetition())
                .setStartTime(begin)
                .setEndTime(begin.plusNanos(step.durationNs()).truncatedTo(ChronoUnit.MICROS))
                .setDurationNs(step.durationNs())
                .setOutcome(step.error() == null ? Outcome.OK : Outcome.FAILED)
                .setError(step.error())
                .setMetrics(step.metrics())
                .setHostSettings(id.hostSettings())
                .build();
    }

    /** A sample as an IoSample of step {@code stepName}: the parser's measured fields, the identity's. */
    public static IoSample sample(Parsed.Sample sample, String stepName, Identity id) {
        return id.trial()
                .stamp(IoSample.newBuilder(sample.sample()), stepName)
                .setEventId(id.eventId())
                .build();
    }

    /** A host row as a HostSample of step {@code stepName}, phase measured: the parser's figures, the identity's. */
    public static HostSample host(Parsed.HostRow row, String stepName, Identity id) {
        return id.trial()
                .stamp(HostSample.newBuilder(), stepName)
                .setEventId(id.eventId())
                .setPhase("measured")
                .setIntervalStart(row.intervalStart().truncatedTo(ChronoUnit.MICROS))
                .setIntervalMs(row.intervalMs())
                .setSource(row.source())
                .setName(row.name())
                .setMetrics(row.metrics())
                .build();
    }
}
