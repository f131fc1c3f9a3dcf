package storagebench.runner;

import java.util.List;
import org.springframework.batch.infrastructure.item.support.AbstractItemCountingItemStreamItemReader;
import storagebench.experiment.Trial;

/**
 * The trial plan as the job's item stream. Its position is saved in the step's execution context
 * at every chunk commit, so a restart continues with the first trial not yet committed.
 */
final class TrialReader extends AbstractItemCountingItemStreamItemReader<Trial> {
    private final List<Trial> trials;

    TrialReader(List<Trial> trials) {
        this.trials = trials;
        setName("trials");
        setMaxItemCount(trials.size());
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
    protected void doOpen() {
    }

    @Override
    protected void doClose() {
    }
}
