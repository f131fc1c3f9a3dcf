package storagebench.runner;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.listener.JobExecutionListener;
import storagebench.Sha256;
import storagebench.Version;
import storagebench.batch.BatchJob;
import storagebench.config.Secrets;
import storagebench.events.RunFinished;
import storagebench.events.RunStarted;
import storagebench.events.RunStatus;

/**
 * Publishes RunStarted before the first trial and RunFinished after the last (or the failure); a
 * RunFinished that cannot reach the broker is kept for the next command that can ({@link RunEnds}).
 */
final class RunListener implements JobExecutionListener {
    private final RunContext run;
    private final Progress progress;
    private final DiskFloor floor;

    RunListener(RunContext run, Progress progress, DiskFloor floor) {
        this.run = run;
        this.progress = progress;
        this.floor = floor;
    }

    @Override
    public void beforeJob(JobExecution execution) {
        String config = run.experiment().source();
        try {
            run.host().setSettings(run.hostSettings().current());
        } catch (HostSettings.SettingException e) {
            run.host().setSettings(Map.of("error", e.getMessage()));
        }
        RunStarted started =
                RunStarted.newBuilder()
                        .setEventId(run.runId() + "/started/" + run.attempt())
                        .setRunId(run.runId())
                        .setExperiment(run.experiment().name())
                        .setAttempt(run.attempt())
                        .setConfigText(config)
                        .setConfigSha256(Sha256.hex(config))
                        .setHost(run.host())
                        .setTarget(run.target())
                        .setToolVersion(Version.current())
                        .setPlannedTrials(run.plan().size())
                        .setStartTime(TrialExecutor.now())
                        .setSchedule(run.trigger() == null ? null : run.trigger().schedule())
                        .setScheduledTime(
                                run.trigger() == null ? null : run.trigger().scheduledTime())
                        .setFireTime(run.trigger() == null ? null : run.trigger().fireTime())
                        .setConfiguration(run.experiment().configuration().fingerprint())
                        .setConfigurationValues(
                                Map.copyOf(run.experiment().configuration().values()))
                        .build();
        run.publisher().publish(run.runId(), List.of(started));
    }

    @Override
    public void afterJob(JobExecution execution) {
        progress.finish();
        try {
            // the last trial's commit, when the step ended before waiting for it (a stop, a full
            // disk, a failure)
            run.publisher().awaitPublished();
        } catch (RuntimeException e) {
            execution.setStatus(BatchStatus.FAILED);
            execution.addFailureException(e);
        }
        boolean lost = run.publisher().lost();
        BatchStatus batch = execution.getStatus();
        RunStatus status =
                lost
                        ? RunStatus.FAILED
                        : run.stop().requested()
                                ? RunStatus.STOPPED
                                : batch == BatchStatus.COMPLETED
                                        ? RunStatus.COMPLETED
                                        : batch == BatchStatus.STOPPED
                                                ? RunStatus.STOPPED
                                                : RunStatus.FAILED;
        String failures =
                execution.getAllFailureExceptions().stream()
                        .map(BatchJob::message)
                        .collect(Collectors.joining("; "));
        Optional<String> full =
                floor.fullDisk(
                        run,
                        progress.recordedCount(),
                        execution.getAllFailureExceptions().stream().anyMatch(DiskFull::says),
                        lost || !execution.getAllFailureExceptions().isEmpty());
        if (full.isPresent()) {
            status = RunStatus.FAILED;
        }
        String error =
                full.orElseGet(
                        () ->
                                lost
                                        ? run.publisher().lostMessage()
                                        : floor.reason().orElse(failures));
        RunFinished finished =
                RunFinished.newBuilder()
                        .setEventId(run.runId() + "/finished/" + run.attempt())
                        .setRunId(run.runId())
                        .setExperiment(run.experiment().name())
                        .setHost(run.host().getHostname())
                        .setAttempt(run.attempt())
                        .setStatus(status)
                        .setTrials(progress.done())
                        .setFailures(progress.failures())
                        .setError(error.isEmpty() ? null : Secrets.redactText(error))
                        .setEndTime(TrialExecutor.now())
                        .build();
        if (lost) {
            // nothing can reach the topic now: the next command that reaches it publishes this end
            RunEnds.keep(run.runDir(), finished);
            return;
        }
        try {
            run.publisher().publish(run.runId(), List.of(finished));
        } catch (RuntimeException e) {
            // the publisher failed, or the broker it started again did not come up (a full disk):
            // the job's outcome is reported by the command; the end is published by the next
            // command that reaches the broker
            RunEnds.keep(run.runDir(), finished);
            LoggerFactory.getLogger(RunListener.class)
                    .warn(
                            "the end of run {} could not be published yet: {}",
                            run.runId(),
                            e.getMessage());
        }
    }
}
