package storagebench.runner;

import java.util.List;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.ItemReader;
import storagebench.experiment.Trial;

/**
 * The trials of the plan the topic does not hold yet, in plan order, as the job's items. It keeps no
 * position of its own: a run continued after any loss is handed what its history leaves. Before
 * handing out a trial it checks the disk floor: below it the step stops there, the trial not read.
 */
final class TrialReader implements ItemReader<Trial>, StepExecutionListener {
    private final List<Trial> left;
    private final int total;
    private final DiskFloor floor;
    private final Runnable published;
    private StepExecution step;
    private int next;

    /**
     * @param left the trials still to run
     * @param total the plan's trials, for the floor's message
     * @param published waits for the last trial's commit, throwing what it threw
     */
    TrialReader(List<Trial> left, int total, DiskFloor floor, Runnable published) {
        this.left = List.copyOf(left);
        this.total = total;
        this.floor = floor;
        this.published = published;
    }

    @Override
    public void beforeStep(StepExecution execution) {
        this.step = execution;
    }

    @Override
    public Trial read() {
        if (next >= left.size()) {
            // the last trial's commit is part of the step: one that fails fails the step
            published.run();
            return null;
        }
        Trial trial = left.get(next);
        if (!floor.allows(trial.index() + 1, total)) {
            // Ends the step as STOPPED before this trial: RunFinished follows, and a continuation
            // begins with it.
            published.run();
            step.setTerminateOnly();
            return null;
        }
        next++;
        return trial;
    }
}
