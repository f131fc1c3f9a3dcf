package storagebench.runner;

import java.util.List;
import storagebench.events.TrialTimed;

/** The events of one executed trial: one per measured step. */
record TrialResult(int trialIndex, List<TrialTimed> events) {

    boolean failed() {
        return events.stream().anyMatch(e -> e.getOutcome() == storagebench.events.Outcome.FAILED);
    }
}
