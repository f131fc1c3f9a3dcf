package storagebench.runner;

import java.util.Optional;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import storagebench.BadInputException;
import storagebench.batch.BatchContext;
import storagebench.batch.BatchJob;
import storagebench.config.Secrets;
import storagebench.config.Settings;
import storagebench.events.RunStatus;

/**
 * Runs the Spring Batch job of one run (new, or continued from what the topic holds) in a context of
 * its own.
 */
public final class Runner {
    private Runner() {}

    /**
     * How the run ended.
     *
     * @param status COMPLETED, FAILED, or STOPPED when a stop was requested
     * @param trials trials recorded
     * @param failures failed trials among them
     * @param error the first failure's message, or null
     * @param brokerLost whether the broker stopped answering (nothing more could be published)
     * @param diskFull whether a disk that filled ended it ({@link DiskFull}); the error says which
     */
    public record Outcome(
            RunStatus status,
            int trials,
            int failures,
            String error,
            boolean brokerLost,
            boolean diskFull) {
        /** A run the topic holds as completed before this attempt ({@link RunCompleted}). */
        public static Outcome completedBefore(int trials) {
            return new Outcome(RunStatus.COMPLETED, trials, 0, null, false, false);
        }

        public static Outcome failed(String error) {
            return new Outcome(RunStatus.FAILED, 0, 0, error, false, false);
        }

        public boolean completed() {
            return status == RunStatus.COMPLETED;
        }
    }

    /** Runs the run's job once: its trials that the topic does not hold yet ({@link RunContext#history()}). */
    static Outcome execute(Settings settings, RunContext run) {
        DiskFloor floor = DiskFloor.of(settings);
        try {
            BatchContext context = new BatchContext();
            RunnerConfiguration.RunJob job = RunnerConfiguration.of(context, run, floor);
            JobParameters parameters =
                    new JobParametersBuilder().addString("run.id", run.runId()).toJobParameters();
            Progress progress = job.progress();
            JobExecution execution = context.run(job.job(), parameters);
            boolean lost = run.publisher().lost();
            boolean failed = execution.getStatus() == BatchStatus.FAILED;
            Optional<String> full =
                    floor.fullDisk(
                            run,
                            progress.recordedCount(),
                            execution.getAllFailureExceptions().stream().anyMatch(DiskFull::says),
                            lost || failed);
            if (full.isPresent()) {
                return new Outcome(
                        RunStatus.FAILED,
                        progress.done(),
                        progress.failures(),
                        full.get(),
                        lost,
                        true);
            }
            String error =
                    lost
                            ? run.publisher().lostMessage()
                            : floor.reason().orElse(BatchJob.firstFailure(execution).orElse(null));
            RunStatus status =
                    run.stop().requested() || execution.getStatus() == BatchStatus.STOPPED
                            ? RunStatus.STOPPED
                            : execution.getStatus() == BatchStatus.COMPLETED && !lost
                                    ? RunStatus.COMPLETED
                                    : RunStatus.FAILED;
            return new Outcome(
                    status,
                    progress.done(),
                    progress.failures(),
                    error == null ? null : Secrets.redactText(error),
                    lost,
                    false);
        } catch (BadInputException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(
                    "run " + run.runId() + " could not be executed: " + e.getMessage(), e);
        }
    }
}
