package storagebench.importer;

import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.listener.JobExecutionListener;
import storagebench.batch.BatchJob;
import storagebench.events.EventPublisher;
import storagebench.events.RunFinished;

/**
 * When the job ends without having ended every file it began (a chunk that could not be published,
 * the broker lost), publishes a FAILED RunFinished for each file whose RunStarted is in the topic and
 * whose RunFinished is not: no run stays open in the topic.
 */
final class ImportListener implements JobExecutionListener {
    private static final Logger log = LoggerFactory.getLogger(ImportListener.class);
    private final ImportBatch batch;

    ImportListener(ImportBatch batch) {
        this.batch = batch;
    }

    @Override
    public void afterJob(JobExecution execution) {
        List<ImportContext> open =
                batch.files().stream()
                        .filter(f -> f.progress().isStarted() && !f.progress().ended())
                        .toList();
        if (open.isEmpty()) {
            return;
        }
        String error = BatchJob.firstFailure(execution).orElse("stopped");
        List<RunFinished> ends = open.stream().map(f -> ImportEvents.failed(f, error)).toList();
        try {
            batch.publisher().publishEach(ends);
            open.forEach(f -> f.progress().failed(error));
        } catch (EventPublisher.PublishException e) {
            log.warn(
                    "import: could not record the failure of {} run(s) in the topic: {}",
                    open.size(),
                    e.getMessage());
        }
    }
}
