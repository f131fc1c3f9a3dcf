package storagebench.runner;

import java.util.List;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.support.AbstractItemCountingItemStreamItemReader;
import storagebench.experiment.Trial;

/**
 * The trial plan as the job's item stream. Its position is saved in the step's execution context
 * at every chunk commit, so a restart continues with the first trial not yet committed. Before handing
 * out a trial it checks the disk floor: below it the step stops there, the trial not read, so a restart
 * begins with it.
 */
final class TrialReader extends AbstractItemCountingItemStreamItemReader<Trial>
        implements StepExecutionListener {
    private final List<Trial> trials;
    private final DiskFloor floor;
    private StepExecution step;

    TrialReader(List<Trial> trials, DiskFloor floor) {
        this.trials = trials;
        this.floor = floor;
        setName("trials");
        setMaxItemCount(trials.size());
    }

    @Override
    public void beforeStep(StepExecution execution) {
        this.step = execution;
    }

    @Override
    public Trial read() throws Exception {
        int next = getCurrentItemCount();
        if (next < trials.size() && !floor.allows(next + 1, trials.size())) {
            // Ends the step as STOPPED before this trial, its position not advanced: RunFinished
            // follows.
            step.setTerminateOnly();
            return null;
        }
        return super.read();
    }

    @Override
    protected Trial doRead() {
        int next = getCurrentItemCount() - 1;
        return next < trials.size() ? trials.get(next) : null;
    }

    @Override
    protected void jumpToItem(int itemIndex) {
        // positions are list indexes: nothing to skip through
    }

    @Override
    protected void doOpen() {}

    @Override
    protected void doClose() {}
}
