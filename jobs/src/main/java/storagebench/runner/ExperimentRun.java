package storagebench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.BadInputException;
import storagebench.ProcessLock;
import storagebench.batch.RunLock;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.events.EventPublisher;
import storagebench.events.RunHistory;
import storagebench.events.TargetSnapshot;
import storagebench.experiment.ConfigLines;
import storagebench.experiment.Experiment;
import storagebench.experiment.ExperimentLoader;
import storagebench.experiment.TrialPlan;
import storagebench.probe.HostProbe;
import storagebench.workload.Params;

/**
 * One run of an experiment from config to RunFinished: everything is checked before anything
 * runs; the config as run is kept under {@code <data>/runs/<run-id>/} so the run can be continued.
 *
 * @param runId the run's id
 * @param runDir where its files are kept
 * @param experiment the checked experiment
 * @param plan its trials
 * @param restart whether this continues an earlier, interrupted run
 * @param target what the target was when the run was checked (for a database: probed, so a server that
 *     cannot be reached or refuses the login stops the run before anything else starts)
 */
public record ExperimentRun(
        String runId,
        Path runDir,
        Experiment experiment,
        TrialPlan plan,
        boolean restart,
        TargetSnapshot target) {
    private static final Logger log = LoggerFactory.getLogger(ExperimentRun.class);
    static final String CONFIG_FILE = "experiment.yaml";

    /** Loads and checks a new run of the experiment in {@code yaml} with {@code --override}s; writes nothing yet. */
    public static ExperimentRun prepare(
            Settings settings, Path yaml, Map<String, String> overrides) {
        Experiment experiment = new ExperimentLoader(settings.dataDir()).load(yaml, overrides);
        String runId = newRunId();
        return checked(
                runId, settings.runsDir().resolve(runId), experiment, false, yaml.toString());
    }

    /** Loads the config an interrupted run was started with. */
    public static ExperimentRun prepareRestart(Settings settings, String runId) {
        RunId.validate(runId, "--restart");
        Path runDir = settings.runsDir().resolve(runId);
        Path config = runDir.resolve(CONFIG_FILE);
        if (!Files.isRegularFile(config)) {
            throw new BadInputException(
                    "no run "
                            + runId
                            + " under "
                            + settings.runsDir()
                            + " (missing "
                            + config
                            + ")");
        }
        Experiment experiment = new ExperimentLoader(settings.dataDir()).loadStored(config);
        return checked(runId, runDir, experiment, true, config.toString());
    }

    private static ExperimentRun checked(
            String runId, Path runDir, Experiment e, boolean restart, String file) {
        TrialPlan plan = TrialPlan.of(e);
        try {
            e.workload().preflight(e.target(), plan.variants().stream().map(e::params).toList());
        } catch (BadInputException | IllegalArgumentException refused) {
            // a name with SQL in it, a size the target refuses: said with the file and line
            throw ConfigLines.locate(file, e.source(), refused);
        }
        return new ExperimentRun(runId, runDir, e, plan, restart, e.target().snapshot());
    }

    static String newRunId() {
        String time =
                LocalDateTime.now(ZoneOffset.UTC)
                        .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        return time
                + "-"
                + HexFormat.of().toHexDigits((short) ThreadLocalRandom.current().nextInt());
    }

    /** Runs (or continues) the job; events go to the connected cluster. */
    public Runner.Outcome execute(Settings settings, KafkaConnection kafka) {
        return execute(settings, kafka, new RunStop());
    }

    /** Runs (or continues) the job until it ends or {@code stop} is requested. */
    public Runner.Outcome execute(Settings settings, KafkaConnection kafka, RunStop stop) {
        return execute(settings, kafka, stop, null, RunObserver.NONE);
    }

    /**
     * Runs (or continues) the job until it ends or {@code stop} is requested.
     *
     * @param trigger what fired the run (recorded in RunStarted), or null
     * @param observer told of each trial, between trials
     */
    public Runner.Outcome execute(
            Settings settings,
            KafkaConnection kafka,
            RunStop stop,
            RunTrigger trigger,
            RunObserver observer) {
        try {
            Files.createDirectories(runDir);
            if (!restart) {
                Files.writeString(runDir.resolve(CONFIG_FILE), experiment.source());
            }
        } catch (IOException e) {
            throw new BadInputException(
                    "cannot write run files to " + runDir + ": " + e.getMessage());
        }
        try (ProcessLock lock = RunLock.take(runDir, runId);
                EventPublisher publisher = new EventPublisher(kafka, runId)) {
            log.info(
                    "run {}: experiment {}, {} variant(s), {} trial(s) ({} warm-up)",
                    runId,
                    experiment.name(),
                    plan.variants().size(),
                    plan.size(),
                    plan.trials().stream().filter(t -> t.warmup()).count());
            // The publisher first: taking the run's transactional id ends what a killed process
            // left open, and the history read waits for other open transactions, so what it says is
            // done is final: the topic alone says which trials are left.
            RunHistory history = restart ? RunHistory.read(kafka, runId) : RunHistory.NONE;
            if (history.completed()) {
                throw new BadInputException(
                        "run " + runId + " already completed; nothing to restart");
            }
            if (restart) {
                RunEnds.closeEarlier(runDir, runId, experiment.name(), history, publisher);
                log.info(
                        "continuing run {}: {} of {} trials already in the topic",
                        runId,
                        history.trialsDone().size(),
                        plan.size());
            }
            RunContext context =
                    new RunContext(
                            runId,
                            runDir,
                            history.starts() + 1,
                            experiment,
                            plan,
                            HostProbe.snapshot(settings.dataDir()),
                            target,
                            publisher,
                            history,
                            new HostSettings(
                                    experiment.hostSettings(), runDir.resolve("host-settings")),
                            stop,
                            trigger,
                            observer);
            return Runner.execute(settings, context);
        }
    }

    /** The typed parameters of every variant, for checks. */
    public List<Params> variantParams() {
        return plan.variants().stream().map(experiment::params).toList();
    }
}
