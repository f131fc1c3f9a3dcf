package storagebench.runner;

import java.util.Map;
import java.util.Optional;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import storagebench.BadInputException;
import storagebench.batch.BatchContext;
import storagebench.batch.RepositoryLoss;
import storagebench.batch.StartOrContinue;
import storagebench.config.Secrets;
import storagebench.config.Settings;

/** Starts the Spring Batch job of one run (or continues a killed one) against the job repository. */
public final class Runner {
    private Runner() {}

    /**
     * How the job ended.
     *
     * @param status the job's status; STOPPED when a stop was requested
     * @param trials trials recorded
     * @param failures failed trials among them
     * @param error the first failure's message, or null
     * @param brokerLost whether the broker stopped answering (nothing more could be published)
     * @param repositoryLost whether the job failed because its job repository's connection was lost
     *     ({@link RepositoryLoss}): the run can be continued where the topic says it is
     * @param diskFull whether a disk that filled ended it ({@link DiskFull}); the error says which
     */
    public record Outcome(
            BatchStatus status,
            int trials,
            int failures,
            String error,
            boolean brokerLost,
            boolean repositoryLost,
            boolean diskFull) {
        public static Outcome failed(String error) {
            return new Outcome(BatchStatus.FAILED, 0, 0, error, false, false, false);
        }
    }

    /**
     * Launches the run's job once, as a new run or, with {@code restart}, continuing the job the
     * repository holds. A job repository lost under the job is reported in the outcome, not thrown:
     * {@link ExperimentRun} continues the run from what the topic then holds.
     */
    static Outcome execute(Settings settings, RunContext run, boolean restart) {
        DiskFloor floor = DiskFloor.of(settings);
        try (ConfigurableApplicationContext context =
                BatchContext.start(
                        settings,
                        RunnerConfiguration.class,
                        Map.of("runContext", run, "diskFloor", floor))) {
            JobParameters parameters =
                    new JobParametersBuilder().addString("run.id", run.runId()).toJobParameters();
            Progress progress = context.getBean(Progress.class);
            JobExecution execution;
            try {
                StartOrContinue launch = StartOrContinue.of(context, parameters);
                check(launch.found(), run.runId(), restart);
                execution = launch.launch();
            } catch (Exception e) {
                if (!RepositoryLoss.is(e)) {
                    throw e;
                }
                return lostRepository(run, progress, floor, e);
            }
            if (execution.getStatus() == BatchStatus.FAILED) {
                Optional<Throwable> lost =
                        execution.getAllFailureExceptions().stream()
                                .filter(RepositoryLoss::is)
                                .findFirst();
                if (lost.isPresent()) {
                    return lostRepository(run, progress, floor, lost.get());
                }
            }
            boolean lost = run.publisher().lost();
            String failure = StartOrContinue.firstFailure(execution).orElse(null);
            Optional<String> full =
                    floor.fullDisk(
                            run,
                            progress.recordedCount(),
                            execution.getAllFailureExceptions().stream().anyMatch(DiskFull::says),
                            lost || execution.getStatus() == BatchStatus.FAILED);
            if (full.isPresent()) {
                return new Outcome(
                        BatchStatus.FAILED,
                        progress.done(),
                        progress.failures(),
                        full.get(),
                        lost,
                        false,
                        true);
            }
            String error = lost ? run.publisher().lostMessage() : floor.reason().orElse(failure);
            BatchStatus status =
                    run.stop().requested() ? BatchStatus.STOPPED : execution.getStatus();
            return new Outcome(
                    status,
                    progress.done(),
                    progress.failures(),
                    error == null ? null : Secrets.redactText(error),
                    lost,
                    false,
                    false);
        } catch (BadInputException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(
                    "run " + run.runId() + " could not be executed: " + e.getMessage(), e);
        }
    }

    private static Outcome lostRepository(
            RunContext run, Progress progress, DiskFloor floor, Throwable lost) {
        Optional<String> full =
                floor.fullDisk(run, progress.recordedCount(), DiskFull.says(lost), true);
        if (full.isPresent()) {
            // the repository's disk filled: continuing would meet it again
            return new Outcome(
                    BatchStatus.FAILED,
                    progress.done(),
                    progress.failures(),
                    full.get(),
                    run.publisher().lost(),
                    false,
                    true);
        }
        return new Outcome(
                BatchStatus.FAILED,
                progress.done(),
                progress.failures(),
                "the job repository's connection was lost: " + lost.getMessage(),
                run.publisher().lost(),
                true,
                false);
    }

    /** A new run must be new to the job repository; a restart must not be of a completed run. */
    private static void check(StartOrContinue.Found found, String runId, boolean restart) {
        if (!restart && found != StartOrContinue.Found.NOTHING) {
            throw new BadInputException("run " + runId + " already exists in the job repository");
        }
        if (restart && found == StartOrContinue.Found.COMPLETED) {
            throw new BadInputException("run " + runId + " already completed; nothing to restart");
        }
        if (restart && found == StartOrContinue.Found.NOTHING) {
            // The run's files and the topic know it, but the job repository does not (an embedded
            // repository killed before it wrote its first commits, or a repository that was
            // replaced):
            // the job starts afresh and the topic's record of finished trials decides what is
            // skipped.
            LoggerFactory.getLogger(Runner.class)
                    .warn(
                            "run {} is not in the job repository; continuing it from"
                                    + " the trials the topic holds",
                            runId);
        }
    }
}
