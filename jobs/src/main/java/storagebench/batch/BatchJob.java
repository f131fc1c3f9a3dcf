package storagebench.batch;

import java.util.Optional;
import org.springframework.batch.core.job.JobExecution;

/** Reads how a job run on a {@link BatchContext} failed. */
public final class BatchJob {
    private BatchJob() {}

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
