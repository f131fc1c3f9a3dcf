package storagebench.batch;

import io.micrometer.observation.ObservationRegistry;
import org.springframework.batch.core.configuration.support.MapJobRegistry;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.launch.support.TaskExecutorJobOperator;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.repository.support.ResourcelessJobRepository;
import org.springframework.batch.infrastructure.support.transaction.ResourcelessTransactionManager;
import org.springframework.core.task.SyncTaskExecutor;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * What each Spring Batch job of the tool runs on (runs and imports), made for the one job: Spring
 * Batch's in-memory job repository, the transaction manager of a step whose writes are its own (Kafka
 * transactions, the targets' connections) and a synchronous job operator. Spring Batch runs the job's
 * chunks; it keeps no record of them: which trials (which records) a run has is what the topic holds,
 * and a run continued after any loss asks the topic alone (see docs/exactly-once.md).
 *
 * <p>They are made directly, with no Spring application context around them: a context per job had
 * nothing to inject that the job's own factory ({@code RunnerConfiguration}, {@code
 * ImportConfiguration}) does not pass by hand, and its annotation scanning was the largest part of what
 * the JIT compiler still compiled in each run of a process that runs many (the benches, {@code serve}).
 */
public final class BatchContext {
    private final JobRepository repository = new ResourcelessJobRepository();
    private final PlatformTransactionManager transactions = new ResourcelessTransactionManager();

    /** The job's repository: one job execution, in memory. */
    public JobRepository repository() {
        return repository;
    }

    /** The transaction manager of the job's steps. */
    public PlatformTransactionManager transactions() {
        return transactions;
    }

    /**
     * Runs {@code job}, built on this context, with {@code parameters} on the caller's thread and
     * returns its execution once it has ended.
     */
    public JobExecution run(Job job, JobParameters parameters) throws Exception {
        TaskExecutorJobOperator operator = new TaskExecutorJobOperator();
        operator.setJobRepository(repository);
        operator.setJobRegistry(new MapJobRegistry());
        operator.setTaskExecutor(new SyncTaskExecutor());
        operator.setObservationRegistry(ObservationRegistry.NOOP);
        operator.afterPropertiesSet();
        return operator.start(job, parameters);
    }
}
