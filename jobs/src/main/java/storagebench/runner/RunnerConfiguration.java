package storagebench.runner;

import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;
import storagebench.experiment.Trial;

/**
 * The run job: one chunk-oriented step whose items are the trials, one trial per chunk. Each
 * chunk executes and times the trial, publishes its events and waits for the broker's acks, and
 * only then commits the reader's position to the job repository. The reader stops the run before a
 * trial when the data directory's disk is below its floor ({@link DiskFloor}).
 */
@Configuration(proxyBeanMethods = false)
@EnableAutoConfiguration
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
        TrialReader reader = new TrialReader(run.plan().trials(), diskFloor);
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
