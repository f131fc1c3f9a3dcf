package storagebench.importer;

import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.builder.StepBuilder;
import storagebench.batch.BatchContext;

/**
 * The import job of one command: one chunk-oriented step whose items are the records of all its
 * files, one file after another, {@value #CHUNK} per chunk. Each chunk turns its items into events,
 * publishes them in one Kafka transaction and waits for the broker's acks: that commit is the chunk's
 * only record (the job repository is in memory, see {@link BatchContext}); a
 * continued import asks the topic where each file was. A chunk may hold the end of one file and the
 * start of the next: each file's events in the topic are still a prefix of its own, in order.
 */
final class ImportConfiguration {
    static final String JOB_NAME = "log-import";
    static final int CHUNK = 500;

    private ImportConfiguration() {}

    /** The job of {@code importBatch} on {@code batch}. */
    static Job job(BatchContext batch, ImportBatch importBatch) {
        Step records =
                new StepBuilder("records", batch.repository())
                        .<ImportItem, ImportProcessor.Outgoing>chunk(CHUNK)
                        .transactionManager(batch.transactions())
                        .reader(new ImportReader(importBatch))
                        .processor(new ImportProcessor())
                        .writer(new ImportWriter(importBatch))
                        .build();
        return new JobBuilder(JOB_NAME, batch.repository())
                .listener(new ImportListener(importBatch))
                .start(records)
                .build();
    }
}
