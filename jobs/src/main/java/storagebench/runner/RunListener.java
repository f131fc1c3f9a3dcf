package storagebench.runner;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.listener.JobExecutionListener;
import storagebench.Sha256;
import storagebench.Version;
import storagebench.config.Secrets;
import storagebench.events.EventPublisher;
import storagebench.events.RunFinished;
import storagebench.events.RunStarted;
import storagebench.events.RunStatus;

/** Publishes RunStarted before the first trial and RunFinished after the last (or the failure). */
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
                        .build();
        run.publisher().publish(run.runId(), List.of(started));
    }

    @Override
    public void afterJob(JobExecution execution) {
        progress.finish();
        if (run.publisher().lost()) {
            // nothing can reach the topic; a restart publishes the next attempt's events
            return;
        }
        BatchStatus batch = execution.getStatus();
        RunStatus status =
                run.stop().requested()
                        ? RunStatus.STOPPED
                        : batch == BatchStatus.COMPLETED
                                ? RunStatus.COMPLETED
                                : batch == BatchStatus.STOPPED
                                        ? RunStatus.STOPPED
                                        : RunStatus.FAILED;
        String error =
                floor.reason()
                        .orElseGet(
                                () ->
                                        execution.getAllFailureExceptions().stream()
                                                .map(Throwable::getMessage)
                                                .collect(Collectors.joining("; ")));
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
        try {
            run.publisher().publish(run.runId(), List.of(finished));
        } catch (EventPublisher.PublishException e) {
            // the job's outcome is reported by the command; a restart publishes the next attempt's
            // RunFinished
            LoggerFactory.getLogger(RunListener.class)
                    .warn(
                            "the end of run {} could not be published: {}",
                            run.runId(),
                            e.getMessage());
        }
    }
}
