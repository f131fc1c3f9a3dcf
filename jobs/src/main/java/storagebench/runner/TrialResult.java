package storagebench.runner;

import java.util.List;
import org.apache.avro.specific.SpecificRecord;
import storagebench.events.Outcome;
import storagebench.events.TrialTimed;

/** The events of one executed trial: one TrialTimed per measured step, and what the workload observed. */
record TrialResult(int trialIndex, List<TrialTimed> events, List<SpecificRecord> observed) {

    boolean failed() {
        return events.stream().anyMatch(e -> e.getOutcome() == Outcome.FAILED);
    }
}
