package storagebench.batch;

import java.util.Optional;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobExecutionException;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Launches the job of a Spring context (see {@link BatchContext}) for the job instance its
 * identifying parameters name: starts it when the job repository does not have it, or continues its
 * last execution when that did not complete (Spring Batch restarts it where its readers saved their
 * position). A job that allows less, such as a new run that must be new, refuses on {@link #found()}
 * before it launches.
 */
public final class StartOrContinue {
    /** What the job repository holds of the job instance. */
    public enum Found {
        /** no execution: the job starts afresh */
        NOTHING,
        /** an execution that did not complete: failed, stopped, or still marked running by a process now gone */
        UNFINISHED,
        /** a completed execution: nothing is left to run */
        COMPLETED
    }

    private final JobOperator operator;
    private final Job job;
    private final JobParameters parameters;
    private final JobExecution last;

    private StartOrContinue(
            JobOperator operator, Job job, JobParameters parameters, JobExecution last) {
        this.operator = operator;
        this.job = job;
        this.parameters = parameters;
        this.last = last;
    }

    /** Looks up the context's job with {@code parameters} in its job repository. */
    public static StartOrContinue of(
            ConfigurableApplicationContext context, JobParameters parameters) {
        Job job = context.getBean(Job.class);
        return new StartOrContinue(
                context.getBean(JobOperator.class),
                job,
                parameters,
                context.getBean(JobRepository.class)
                        .getLastJobExecution(job.getName(), parameters));
    }

    public Found found() {
        if (last == null) {
            return Found.NOTHING;
        }
        return last.getStatus() == BatchStatus.COMPLETED ? Found.COMPLETED : Found.UNFINISHED;
    }

    /**
     * Starts or continues the job and returns its execution once it has ended. An execution still
     * marked running is first marked failed: the caller holds the run's lock ({@link RunLock}), which
     * proves the process that ran it is gone.
     *
     * @throws IllegalStateException when the job already completed with these parameters
     */
    public JobExecution launch() throws JobExecutionException {
        if (found() == Found.COMPLETED) {
            throw new IllegalStateException(
                    "job " + job.getName() + " " + parameters + " already completed");
        }
        if (last != null && last.getStatus().isRunning()) {
            operator.recover(last);
        }
        return operator.start(job, parameters);
    }

    /** The message of the execution's first failure, if it failed. */
    public static Optional<String> firstFailure(JobExecution execution) {
        return execution.getAllFailureExceptions().stream()
                .map(StartOrContinue::message)
                .findFirst();
    }

    /**
     * A failure's own message: Spring Batch's wrappers ("Unable to process chunk") give way to the cause
     * they wrap.
     */
    public static String message(Throwable failure) {
        Throwable t = failure;
        while (t.getCause() != null
                && t.getCause() != t
                && t.getClass().getName().startsWith("org.springframework.")) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
