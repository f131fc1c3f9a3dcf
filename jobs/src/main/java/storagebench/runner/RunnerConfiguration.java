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

/**
 * The run job: one chunk-oriented step whose items are the trials, one trial per chunk. Each
 * chunk executes and times the trial, publishes its events and waits for the broker's acks, and
 * only then commits the reader's position to the job repository.
 */
@Configuration(proxyBeanMethods = false)
@EnableAutoConfiguration
public class RunnerConfiguration {
    static final String JOB_NAME = "experiment-run";

    @Bean
    Progress progress(RunContext run) {
        return new Progress(run.plan().size(), run.history().trialsDone().size(), run.history().trialsFailed().size());
    }

    @Bean
    Step trialsStep(JobRepository repository, PlatformTransactionManager transactions, RunContext run,
            Progress progress) {
        TrialWriter writer = new TrialWriter(run);
        return new StepBuilder("trials", repository).<storagebench.experiment.Trial, TrialResult>chunk(1)
                .transactionManager(transactions).reader(new TrialReader(run.plan().trials()))
                .processor(new TrialExecutor(run, progress)).writer(writer).listener(writer).build();
    }

    @Bean
    Job experimentRun(JobRepository repository, Step trialsStep, RunContext run, Progress progress) {
        return new JobBuilder(JOB_NAME, repository).listener(new RunListener(run, progress)).start(trialsStep)
                .build();
    }
}
