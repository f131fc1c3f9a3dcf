package storagebench.batch;

import java.util.Optional;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobExecutionException;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.context.ConfigurableApplicationContext;

/** Runs the job of a Spring context (see {@link BatchContext}) and reads how it failed. */
public final class BatchJob {
    private BatchJob() {}

    /** Runs the context's job with {@code parameters} and returns its execution once it has ended. */
    public static JobExecution run(ConfigurableApplicationContext context, JobParameters parameters)
            throws JobExecutionException {
        return context.getBean(JobOperator.class).start(context.getBean(Job.class), parameters);
    }

    /** The message of the execution's first failure, if it failed. */
    public static Optional<String> firstFailure(JobExecution execution) {
        return execution.getAllFailureExceptions().stream().map(BatchJob::message).findFirst();
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
