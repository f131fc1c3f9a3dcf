package storagebench.importer;

import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * The import job: one chunk-oriented step whose items are the file's records, {@value #CHUNK} per
 * chunk. Each chunk turns its records into events, publishes them in one Kafka transaction and waits
 * for the broker's acks: that commit is the chunk's only record (the job repository is in memory, see
 * {@link storagebench.batch.BatchContext}); a continued import asks the topic where it was.
 */
@Configuration(proxyBeanMethods = false)
public class ImportConfiguration {
    static final String JOB_NAME = "log-import";
    static final int CHUNK = 500;

    @Bean
    Step recordsStep(
            JobRepository repository,
            PlatformTransactionManager transactions,
            ImportContext importContext) {
        return new StepBuilder("records", repository)
                .<ImportItem, ImportProcessor.Outgoing>chunk(CHUNK)
                .transactionManager(transactions)
                .reader(new ImportReader(importContext))
                .processor(new ImportProcessor(importContext))
                .writer(new ImportWriter(importContext))
                .build();
    }

    @Bean
    Job logImport(JobRepository repository, Step recordsStep, ImportContext importContext) {
        return new JobBuilder(JOB_NAME, repository)
                .listener(new ImportListener(importContext))
                .start(recordsStep)
                .build();
    }
}
