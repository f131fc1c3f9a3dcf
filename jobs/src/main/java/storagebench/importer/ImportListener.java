package storagebench.importer;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.listener.JobExecutionListener;
import storagebench.Sha256;
import storagebench.Version;
import storagebench.events.EventPublisher;
import storagebench.events.HostSnapshot;
import storagebench.events.RunFinished;
import storagebench.events.RunStarted;
import storagebench.events.RunStatus;
import storagebench.events.TargetSnapshot;
import storagebench.experiment.FixedConfiguration;

/**
 * Publishes the import's RunStarted before its first record, and a FAILED RunFinished when the job
 * ends without having published the COMPLETED one (that one travels with the last records).
 */
final class ImportListener implements JobExecutionListener {
    private static final Logger log = LoggerFactory.getLogger(ImportListener.class);
    private static final String UNKNOWN = "unknown";
    private final ImportContext run;

    ImportListener(ImportContext run) {
        this.run = run;
    }

    @Override
    public void beforeJob(JobExecution execution) {
        String description = ImportDescription.of(run.request(), run.source());
        FixedConfiguration configuration =
                FixedConfiguration.ofImport(
                        run.request().parser().name(), new TreeMap<>(run.request().options()));
        RunStarted started =
                RunStarted.newBuilder()
                        .setEventId(run.id().startedId(run.attempt()))
                        .setRunId(run.id().runId())
                        .setExperiment(run.experiment())
                        .setAttempt(run.attempt())
                        .setConfigText(description)
                        .setConfigSha256(Sha256.hex(description))
                        .setHost(host())
                        .setTarget(target())
                        .setToolVersion(Version.current())
                        .setPlannedTrials(0)
                        .setStartTime(run.attempt() == 1 ? run.runStart() : now())
                        .setConfiguration(configuration.fingerprint())
                        .setConfigurationValues(Map.copyOf(configuration.values()))
                        .build();
        run.publisher().publish(run.id().runId(), List.of(started));
    }

    /** What the log ran on is not known: only the name given with --host; the rest says so. */
    private HostSnapshot host() {
        return HostSnapshot.newBuilder()
                .setHostname(run.request().hostName())
                .setOsName(UNKNOWN)
                .setOsVersion(UNKNOWN)
                .setArch(UNKNOWN)
                .setCpuCores(0)
                .setMemoryBytes(0)
                .setDataDir("")
                .setJvm(UNKNOWN)
                .build();
    }

    private TargetSnapshot target() {
        return TargetSnapshot.newBuilder()
                .setKind("import")
                .setProduct(run.request().parser().name())
                .setLocation(run.source().name())
                .setProperties(
                        Map.of(
                                "sha256",
                                run.source().sha256(),
                                "size_bytes",
                                String.valueOf(run.source().size())))
                .build();
    }

    @Override
    public void afterJob(JobExecution execution) {
        if (run.progress().finished() != null) {
            return;
        }
        String error =
                execution.getAllFailureExceptions().stream()
                        .map(Throwable::getMessage)
                        .collect(Collectors.joining("; "));
        RunFinished failed =
                RunFinished.newBuilder()
                        .setEventId(run.id().finishedId(run.attempt()))
                        .setRunId(run.id().runId())
                        .setExperiment(run.experiment())
                        .setHost(run.request().hostName())
                        .setAttempt(run.attempt())
                        .setStatus(RunStatus.FAILED)
                        .setTrials(0)
                        .setFailures(0)
                        .setError(error.isEmpty() ? "stopped" : error)
                        .setEndTime(now())
                        .build();
        try {
            run.publisher().publish(run.id().runId(), List.of(failed));
        } catch (EventPublisher.PublishException e) {
            log.warn(
                    "import {}: could not record its failure in the topic: {}",
                    run.id().runId(),
                    e.getMessage());
        }
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }
}
