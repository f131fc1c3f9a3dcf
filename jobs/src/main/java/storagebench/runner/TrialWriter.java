package storagebench.runner;

import java.util.ArrayList;
import java.util.List;
import org.apache.avro.specific.SpecificRecord;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ItemWriter;
import storagebench.experiment.OnFailure;

/**
 * Publishes a chunk's events in one transaction, handed to the publisher's thread: the chunk ends
 * while the commit is under way, and the next trial's measured phase waits for it.
 */
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
        List<? extends TrialResult> results = List.copyOf(chunk.getItems());
        List<SpecificRecord> events = new ArrayList<>();
        for (TrialResult result : results) {
            events.addAll(result.events());
        }
        // committed on the publisher's thread while the progress line is printed and the next trial
        // read and set up; its measured phase waits for the commit (TrialExecutor), and so does the
        // end of the trials (TrialReader)
        run.publisher()
                .publishLater(
                        run.runId(),
                        events,
                        () -> results.forEach(result -> progress.recorded(result.trial())));
        results.forEach(result -> progress.done(result.trial(), result));
        boolean failed = results.stream().anyMatch(TrialResult::failed);
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
