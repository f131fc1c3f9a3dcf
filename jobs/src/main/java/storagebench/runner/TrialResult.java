package storagebench.runner;

import java.util.List;
import java.util.Locale;
import org.apache.avro.specific.SpecificRecord;
import storagebench.events.Outcome;
import storagebench.events.TrialTimed;
import storagebench.experiment.Trial;
import storagebench.workload.Phase;

/**
 * The events of one executed trial, one list: each step's TrialTimed in the order the steps ran
 * (set-up, measured, clean-up), then what the workload observed (samples, sub-steps).
 *
 * @param trial the trial of the plan they are of
 * @param measured the measured steps' events among them, picked once
 */
record TrialResult(Trial trial, List<SpecificRecord> events, List<TrialTimed> measured) {

    TrialResult(Trial trial, List<SpecificRecord> events) {
        this(trial, List.copyOf(events), measured(events));
    }

    boolean failed() {
        return measured.stream().anyMatch(e -> e.getOutcome() == Outcome.FAILED);
    }

    /** The measured steps' events among {@code events}. */
    static List<TrialTimed> measured(List<? extends SpecificRecord> events) {
        return events.stream()
                .filter(TrialTimed.class::isInstance)
                .map(TrialTimed.class::cast)
                .filter(e -> e.getPhase().equals(MEASURED))
                .toList();
    }

    private static final String MEASURED = Phase.MEASURED.name().toLowerCase(Locale.ROOT);
}
