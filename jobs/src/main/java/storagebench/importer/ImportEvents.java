package storagebench.importer;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.TreeMap;
import storagebench.Sha256;
import storagebench.Version;
import storagebench.events.HostSnapshot;
import storagebench.events.RunFinished;
import storagebench.events.RunStarted;
import storagebench.events.RunStatus;
import storagebench.events.TargetSnapshot;
import storagebench.experiment.FixedConfiguration;

/**
 * The run events of one file's import: its RunStarted, and its RunFinished, COMPLETED with {@code
 * quarantined=N} as its error when records were quarantined (RunFinished has no field for it), or
 * FAILED with why.
 */
final class ImportEvents {
    private static final String UNKNOWN = "unknown";

    private ImportEvents() {}

    static RunStarted started(ImportContext run) {
        String description = ImportDescription.of(run.request(), run.source());
        FixedConfiguration configuration =
                FixedConfiguration.ofImport(
                        run.request().parser().name(), new TreeMap<>(run.request().options()));
        return RunStarted.newBuilder()
                .setEventId(run.id().startedId(run.attempt()))
                .setRunId(run.id().runId())
                .setExperiment(run.experiment())
                .setAttempt(run.attempt())
                .setConfigText(description)
                .setConfigSha256(Sha256.hex(description))
                .setHost(host(run))
                .setTarget(target(run))
                .setToolVersion(Version.current())
                .setPlannedTrials(0)
                .setStartTime(run.attempt() == 1 ? run.runStart() : now())
                .setConfiguration(configuration.fingerprint())
                .setConfigurationValues(Map.copyOf(configuration.values()))
                .build();
    }

    static RunFinished completed(ImportContext run, TrialLedger.Totals totals) {
        return finished(run, RunStatus.COMPLETED)
                .setTrials(totals.trials())
                .setFailures(totals.failures())
                .setError(totals.quarantined() > 0 ? "quarantined=" + totals.quarantined() : null)
                .build();
    }

    static RunFinished failed(ImportContext run, String error) {
        return finished(run, RunStatus.FAILED)
                .setTrials(0)
                .setFailures(0)
                .setError(error == null || error.isEmpty() ? "stopped" : error)
                .build();
    }

    private static RunFinished.Builder finished(ImportContext run, RunStatus status) {
        return RunFinished.newBuilder()
                .setEventId(run.id().finishedId(run.attempt()))
                .setRunId(run.id().runId())
                .setExperiment(run.experiment())
                .setHost(run.host())
                .setAttempt(run.attempt())
                .setStatus(status)
                .setEndTime(now());
    }

    /**
     * What the log ran on is not known: only the name given with --host and the labels given with
     * --host-label; the rest says so.
     */
    private static HostSnapshot host(ImportContext run) {
        return HostSnapshot.newBuilder()
                .setHostname(run.host())
                .setLabels(run.request().hostLabels())
                .setOsName(UNKNOWN)
                .setOsVersion(UNKNOWN)
                .setArch(UNKNOWN)
                .setCpuCores(0)
                .setMemoryBytes(0)
                .setDataDir("")
                .setJvm(UNKNOWN)
                .build();
    }

    private static TargetSnapshot target(ImportContext run) {
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

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }
}
