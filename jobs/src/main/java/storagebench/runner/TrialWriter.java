package storagebench.runner;

import java.util.ArrayList;
import java.util.List;
import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ItemWriter;
import storagebench.events.TrialTimed;

/** Publishes a chunk's events in one transaction and returns after the broker's acks, before the chunk commits. */
final class TrialWriter implements ItemWriter<TrialResult> {
    private final RunContext run;

    TrialWriter(RunContext run) {
        this.run = run;
    }

    @Override
    public void write(Chunk<? extends TrialResult> chunk) {
        List<TrialTimed> events = new ArrayList<>();
        for (TrialResult result : chunk) {
            events.addAll(result.events());
        }
        run.publisher().publish(run.runId(), events);
    }
}
