package storagebench.runner;

import java.util.List;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.builder.StepBuilder;
import storagebench.batch.BatchContext;
import storagebench.experiment.Trial;

/**
 * The run job: one chunk-oriented step whose items are the trials the topic does not hold yet, one
 * trial per chunk. Each chunk executes and times the trial, then publishes its events in one Kafka
 * transaction: that commit is the trial's only record (the job repository is in memory, see {@link
 * BatchContext}). The reader stops the run before a trial when the data directory's disk is below its
 * floor ({@link DiskFloor}).
 */
final class RunnerConfiguration {
    static final String JOB_NAME = "experiment-run";

    /** The run's job and the progress it reports to. */
    record RunJob(Job job, Progress progress) {}

    private RunnerConfiguration() {}

    /** The job of {@code run} on {@code batch}. */
    static RunJob of(BatchContext batch, RunContext run, DiskFloor diskFloor) {
        Progress progress =
                new Progress(
                        run.runId(),
                        run.experiment().name(),
                        run.plan().size(),
                        run.history().trialsDone().size(),
                        run.history().trialsFailed().size(),
                        run.observer());
        Job job =
                new JobBuilder(JOB_NAME, batch.repository())
                        .listener(new RunListener(run, progress, diskFloor))
                        .start(trialsStep(batch, run, progress, diskFloor))
                        .build();
        return new RunJob(job, progress);
    }

    private static Step trialsStep(
            BatchContext batch, RunContext run, Progress progress, DiskFloor diskFloor) {
        TrialWriter writer = new TrialWriter(run, progress);
        List<Trial> left =
                run.plan().trials().stream()
                        .filter(t -> !run.history().trialsDone().contains(t.index()))
                        .toList();
        TrialReader reader =
                new TrialReader(
                        left, run.plan().size(), diskFloor, run.publisher()::awaitPublished);
        return new StepBuilder("trials", batch.repository())
                .<Trial, TrialResult>chunk(1)
                .transactionManager(batch.transactions())
                .reader(reader)
                .listener(reader)
                .processor(new TrialExecutor(run, progress))
                .writer(writer)
                .listener(writer)
                .build();
    }
}
