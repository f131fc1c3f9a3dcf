package storagebench.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.support.AbstractItemCountingItemStreamItemReader;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;
import storagebench.config.Settings;

/**
 * Start, continue and refuse against the H2 job repository of a data directory, one Spring context
 * per launch as each command has: a job of five numbers, one per chunk, whose reader saves its position.
 */
class StartOrContinueIT {
    private static final JobParameters PARAMETERS =
            new JobParametersBuilder().addString("run.id", "r1").toJobParameters();

    @TempDir Path data;

    /** One launch's job: the numbers it wrote, and the number whose chunk fails (0 for none). */
    record Launch(int failAt, List<Integer> written) {
        Launch(int failAt) {
            this(failAt, new ArrayList<>());
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class NumbersJob {
        @Bean
        Step numbers(
                JobRepository repository, PlatformTransactionManager transactions, Launch launch) {
            return new StepBuilder("numbers", repository)
                    .<Integer, Integer>chunk(1)
                    .transactionManager(transactions)
                    .reader(new Numbers())
                    .writer(
                            chunk ->
                                    chunk.forEach(
                                            n -> {
                                                if (n == launch.failAt()) {
                                                    throw new IllegalStateException(
                                                            "planned failure at " + n);
                                                }
                                                launch.written().add(n);
                                            }))
                    .build();
        }

        @Bean
        Job job(JobRepository repository, Step numbers) {
            return new JobBuilder("numbers-job", repository).start(numbers).build();
        }
    }

    /** 1 to 5; its position is saved at every chunk commit as {@code numbers.read.count}. */
    static final class Numbers extends AbstractItemCountingItemStreamItemReader<Integer> {
        Numbers() {
            setName("numbers");
            setMaxItemCount(5);
        }

        @Override
        protected Integer doRead() {
            return getCurrentItemCount();
        }

        @Override
        protected void doOpen() {}

        @Override
        protected void doClose() {}
    }

    private ConfigurableApplicationContext context(Launch launch) {
        Settings settings = Settings.load(null, Map.of(), Map.of("data-dir", data.toString()));
        return BatchContext.start(settings, NumbersJob.class, Map.of("launch", launch));
    }

    @Test
    void aJobTheRepositoryDoesNotHaveStarts() throws Exception {
        // given
        Launch launch = new Launch(0);
        try (ConfigurableApplicationContext context = context(launch)) {
            StartOrContinue job = StartOrContinue.of(context, PARAMETERS);
            // when
            StartOrContinue.Found found = job.found();
            JobExecution execution = job.launch();
            // then
            assertThat(found).isEqualTo(StartOrContinue.Found.NOTHING);
            assertThat(execution.getStatus()).isEqualTo(BatchStatus.COMPLETED);
            assertThat(StartOrContinue.firstFailure(execution)).isEmpty();
            assertThat(launch.written()).containsExactly(1, 2, 3, 4, 5);
        }
    }

    @Test
    void aFailedJobContinuesAfterItsLastCommittedChunk() throws Exception {
        // given: a first launch that fails in the chunk of 3
        JobExecution failed;
        try (ConfigurableApplicationContext context = context(new Launch(3))) {
            failed = StartOrContinue.of(context, PARAMETERS).launch();
        }
        Launch again = new Launch(0);
        try (ConfigurableApplicationContext context = context(again)) {
            StartOrContinue job = StartOrContinue.of(context, PARAMETERS);
            // when
            StartOrContinue.Found found = job.found();
            JobExecution execution = job.launch();
            // then
            assertThat(failed.getStatus()).isEqualTo(BatchStatus.FAILED);
            assertThat(StartOrContinue.firstFailure(failed)).isPresent();
            assertThat(failed.getAllFailureExceptions().get(0))
                    .hasRootCauseMessage("planned failure at 3");
            assertThat(found).isEqualTo(StartOrContinue.Found.UNFINISHED);
            assertThat(execution.getStatus()).isEqualTo(BatchStatus.COMPLETED);
            assertThat(execution.getJobInstanceId()).isEqualTo(failed.getJobInstanceId());
            assertThat(again.written()).containsExactly(3, 4, 5);
        }
    }

    @Test
    void anExecutionLeftRunningByAKilledProcessIsRecoveredAndContinued() throws Exception {
        // given: the job repository as a process killed after the chunk of 2 leaves it, both
        // executions STARTED
        try (ConfigurableApplicationContext context = context(new Launch(0))) {
            JobRepository repository = context.getBean(JobRepository.class);
            JobInstance instance = repository.createJobInstance("numbers-job", PARAMETERS);
            JobExecution killed =
                    repository.createJobExecution(instance, PARAMETERS, new ExecutionContext());
            killed.setStatus(BatchStatus.STARTED);
            killed.setStartTime(LocalDateTime.now());
            repository.update(killed);
            StepExecution step = repository.createStepExecution("numbers", killed);
            step.setStatus(BatchStatus.STARTED);
            step.setStartTime(LocalDateTime.now());
            step.getExecutionContext().putInt("numbers.read.count", 2);
            repository.update(step);
            repository.updateExecutionContext(step);
        }
        Launch again = new Launch(0);
        try (ConfigurableApplicationContext context = context(again)) {
            StartOrContinue job = StartOrContinue.of(context, PARAMETERS);
            // when
            StartOrContinue.Found found = job.found();
            JobExecution execution = job.launch();
            // then
            assertThat(found).isEqualTo(StartOrContinue.Found.UNFINISHED);
            assertThat(execution.getStatus()).isEqualTo(BatchStatus.COMPLETED);
            assertThat(again.written()).containsExactly(3, 4, 5);
            List<JobExecution> executions =
                    context.getBean(JobRepository.class)
                            .getJobExecutions(execution.getJobInstance());
            assertThat(executions)
                    .extracting(JobExecution::getStatus)
                    .containsExactlyInAnyOrder(BatchStatus.FAILED, BatchStatus.COMPLETED);
        }
    }

    @Test
    void aCompletedJobIsNotLaunchedAgain() throws Exception {
        // given
        try (ConfigurableApplicationContext context = context(new Launch(0))) {
            StartOrContinue.of(context, PARAMETERS).launch();
        }
        Launch again = new Launch(0);
        try (ConfigurableApplicationContext context = context(again)) {
            StartOrContinue job = StartOrContinue.of(context, PARAMETERS);
            // when
            StartOrContinue.Found found = job.found();
            // then
            assertThat(found).isEqualTo(StartOrContinue.Found.COMPLETED);
            assertThatThrownBy(job::launch)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("job numbers-job " + PARAMETERS + " already completed");
            assertThat(again.written()).isEmpty();
        }
    }
}
