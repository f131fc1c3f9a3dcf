package storagebench.runner;

import java.util.List;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;
import storagebench.experiment.Trial;

/**
 * The run job: one chunk-oriented step whose items are the trials the topic does not hold yet, one
 * trial per chunk. Each chunk executes and times the trial, then publishes its events in one Kafka
 * transaction: that commit is the trial's only record (the job repository is in memory, see {@link
 * storagebench.batch.BatchContext}). The reader stops the run before a trial when the data directory's
 * disk is below its floor ({@link DiskFloor}).
 */
@Configuration(proxyBeanMethods = false)
public class RunnerConfiguration {
    static final String JOB_NAME = "experiment-run";

    @Bean
    Progress progress(RunContext run) {
        return new Progress(
                run.runId(),
                run.experiment().name(),
                run.plan().size(),
                run.history().trialsDone().size(),
                run.history().trialsFailed().size(),
                run.observer());
    }

    @Bean
    Step trialsStep(
            JobRepository repository,
            PlatformTransactionManager transactions,
            RunContext run,
            Progress progress,
            DiskFloor diskFloor) {
        TrialWriter writer = new TrialWriter(run, progress);
        List<Trial> left =
                run.plan().trials().stream()
                        .filter(t -> !run.history().trialsDone().contains(t.index()))
                        .toList();
        TrialReader reader =
                new TrialReader(
                        left, run.plan().size(), diskFloor, run.publisher()::awaitPublished);
        return new StepBuilder("trials", repository)
                .<Trial, TrialResult>chunk(1)
                .transactionManager(transactions)
                .reader(reader)
                .listener(reader)
                .processor(new TrialExecutor(run, progress))
                .writer(writer)
                .listener(writer)
                .build();
    }

    @Bean
    Job experimentRun(
            JobRepository repository,
            Step trialsStep,
            RunContext run,
            Progress progress,
            DiskFloor diskFloor) {
        return new JobBuilder(JOB_NAME, repository)
                .listener(new RunListener(run, progress, diskFloor))
                .start(trialsStep)
                .build();
    }
}
