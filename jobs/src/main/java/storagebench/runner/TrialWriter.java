package storagebench.runner;

import java.util.ArrayList;
import java.util.List;
import org.apache.avro.specific.SpecificRecord;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ItemWriter;
import storagebench.experiment.OnFailure;

/** Publishes a chunk's events in one transaction and returns after the broker's acks, before the chunk commits. */
final class TrialWriter implements ItemWriter<TrialResult>, StepExecutionListener {
    private final RunContext run;
    private final Progress progress;
    private StepExecution stepExecution;

    TrialWriter(RunContext run, Progress progress) {
        this.run = run;
        this.progress = progress;
    }

    @Override
    public void write(Chunk<? extends TrialResult> chunk) {
        List<SpecificRecord> events = new ArrayList<>();
        for (TrialResult result : chunk) {
            events.addAll(result.events());
        }
        run.publisher().publish(run.runId(), events);
        chunk.forEach(result -> progress.recorded());
        boolean failed = chunk.getItems().stream().anyMatch(TrialResult::failed);
        if (failed && run.experiment().onFailure() == OnFailure.STOP && stepExecution != null) {
            // The failed trial is recorded; the job stops after this chunk and can be continued
            // with --restart.
            stepExecution.setTerminateOnly();
        }
    }

    @Override
    public void beforeStep(StepExecution execution) {
        this.stepExecution = execution;
    }
}
