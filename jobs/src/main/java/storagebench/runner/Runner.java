package storagebench.runner;

import java.util.Map;
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
import storagebench.config.Settings;

/** Starts the Spring Batch job of one run (or continues a killed one) against the job repository. */
public final class Runner {
    /** How many times a run is launched when its job repository's connection keeps being lost. */
    static final int CONTINUATIONS = 4;

    static final long CONTINUE_AFTER_MS = 2_000;

    private Runner() {}

    /**
     * How the job ended.
     *
     * @param status the job's status; STOPPED when a stop was requested
     * @param trials trials recorded
     * @param failures failed trials among them
     * @param error the first failure's message, or null
     * @param brokerLost whether the broker stopped answering (nothing more could be published)
     */
    public record Outcome(
            BatchStatus status, int trials, int failures, String error, boolean brokerLost) {}

    public static Outcome execute(Settings settings, RunContext run, boolean restart) {
        DiskFloor floor = DiskFloor.of(settings);
        try (ConfigurableApplicationContext context =
                BatchContext.start(
                        settings,
                        RunnerConfiguration.class,
                        Map.of("runContext", run, "diskFloor", floor))) {
            JobParameters parameters =
                    new JobParametersBuilder().addString("run.id", run.runId()).toJobParameters();
            StartOrContinue launch = StartOrContinue.of(context, parameters);
            check(launch.found(), run.runId(), restart);
            JobExecution execution = launchContinuing(context, parameters, launch, run.runId());
            Progress progress = context.getBean(Progress.class);
            boolean lost = run.publisher().lost();
            String error =
                    lost
                            ? run.publisher().lostMessage()
                            : floor.reason()
                                    .orElseGet(
                                            () ->
                                                    StartOrContinue.firstFailure(execution)
                                                            .orElse(null));
            BatchStatus status =
                    run.stop().requested() ? BatchStatus.STOPPED : execution.getStatus();
            return new Outcome(status, progress.done(), progress.failures(), error, lost);
        } catch (BadInputException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(
                    "run " + run.runId() + " could not be executed: " + e.getMessage(), e);
        }
    }

    /**
     * Launches the job, and continues it where it was when the job repository's connection was lost
     * under it ({@link RepositoryLoss}): another command on the data directory that served the
     * embedded repository ended. The trials already done are in the topic and are not run again.
     */
    private static JobExecution launchContinuing(
            ConfigurableApplicationContext context,
            JobParameters parameters,
            StartOrContinue first,
            String runId)
            throws Exception {
        StartOrContinue launch = first;
        for (int attempt = 1; ; attempt++) {
            Throwable lost;
            try {
                if (attempt > 1) {
                    launch = StartOrContinue.of(context, parameters);
                }
                JobExecution execution = launch.launch();
                lost =
                        execution.getStatus() == BatchStatus.FAILED
                                ? execution.getAllFailureExceptions().stream()
                                        .filter(RepositoryLoss::is)
                                        .findFirst()
                                        .orElse(null)
                                : null;
                if (lost == null || attempt == CONTINUATIONS) {
                    return execution;
                }
            } catch (Exception e) {
                if (!RepositoryLoss.is(e) || attempt == CONTINUATIONS) {
                    throw e;
                }
                lost = e;
            }
            LoggerFactory.getLogger(Runner.class)
                    .warn(
                            "run {}: the job repository's connection was lost ({}), as when the command"
                                    + " that served the data directory's database ends; continuing the"
                                    + " run where it was",
                            runId,
                            lost.getMessage());
            Thread.sleep(CONTINUE_AFTER_MS);
        }
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
