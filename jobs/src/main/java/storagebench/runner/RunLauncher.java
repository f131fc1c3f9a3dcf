package storagebench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.BadInputException;
import storagebench.ProcessLock;
import storagebench.batch.RunLock;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.dbms.LocalFolder;
import storagebench.events.EventPublisher;
import storagebench.events.RunHistory;
import storagebench.probe.HostProbe;
import storagebench.probe.HostSampler;
import storagebench.probe.ServerOnHost;
import storagebench.probe.waits.WaitSampler;

/**
 * Runs (or continues) an {@link ExperimentRun} from its files to RunFinished; events go to the
 * connected cluster.
 */
public record RunLauncher(Settings settings, KafkaConnection kafka) {
    private static final Logger log = LoggerFactory.getLogger(RunLauncher.class);

    /** Runs the job until it ends or {@code stop} is requested. */
    public Runner.Outcome launch(ExperimentRun run, RunStop stop) {
        return launch(run, stop, null, RunObserver.NONE);
    }

    /**
     * Runs the job until it ends or {@code stop} is requested.
     *
     * @param trigger what fired the run (recorded in RunStarted), or null
     * @param observer told of each trial, between trials
     */
    public Runner.Outcome launch(
            ExperimentRun run, RunStop stop, RunTrigger trigger, RunObserver observer) {
        String runId = run.runId();
        try {
            Files.createDirectories(run.runDir());
            if (!run.restart()) {
                Files.writeString(
                        run.runDir().resolve(ExperimentRun.CONFIG_FILE), run.experiment().source());
            }
        } catch (IOException e) {
            throw new BadInputException(
                    "cannot write run files to " + run.runDir() + ": " + e.getMessage());
        }
        try (ProcessLock lock = RunLock.take(run.runDir(), runId);
                EventPublisher publisher = new EventPublisher(kafka, runId);
                HostSampler sampler = hostSampler(run)) {
            // The publisher first: taking the run's transactional id ends what a killed process
            // left open, and the history read waits for other open transactions, so what it says is
            // done is final: the topic alone says which trials are left.
            RunHistory history = run.restart() ? RunHistory.read(kafka, runId) : RunHistory.NONE;
            if (history.completed()) {
                throw new RunCompleted(runId, history.trialsDone().size());
            }
            log.info(
                    "run {}: experiment {}, {} variant(s), {} trial(s) ({} warm-up)",
                    runId,
                    run.experiment().name(),
                    run.plan().variants().size(),
                    run.plan().size(),
                    run.plan().trials().stream().filter(t -> t.warmup()).count());
            if (run.restart()) {
                RunEnds.closeEarlier(
                        run.runDir(),
                        runId,
                        run.experiment().name(),
                        settings.host().name(),
                        history,
                        publisher);
                log.info(
                        "continuing run {}: {} of {} trials already in the topic",
                        runId,
                        history.trialsDone().size(),
                        run.plan().size());
            }
            RunContext context =
                    new RunContext(
                            runId,
                            run.runDir(),
                            history.starts() + 1,
                            run.experiment(),
                            run.plan(),
                            HostProbe.snapshot(settings.dataDir(), settings.host()),
                            run.target(),
                            publisher,
                            history,
                            new HostSettings(
                                    run.experiment().hostSettings(),
                                    run.runDir().resolve("host-settings")),
                            stop,
                            trigger,
                            observer,
                            sampler,
                            WaitSampler.of(
                                    run.experiment().target(), settings.dbWaitSampleInterval()));
            return Runner.execute(settings, context);
        }
    }

    /**
     * The run's host sampler: the devices under the target's folder, or under its server's folders
     * when the server runs on this host, and that server's processes' CPU.
     */
    private HostSampler hostSampler(ExperimentRun run) {
        List<Path> paths =
                new ArrayList<>(
                        run.experiment()
                                .target()
                                .as(LocalFolder.class)
                                .map(folder -> List.of(folder.directory()))
                                .orElse(List.of()));
        Map<String, String> properties =
                run.target() == null ? Map.of() : run.target().getProperties();
        paths.addAll(ServerOnHost.folders(properties));
        Map<String, Long> processes = new LinkedHashMap<>();
        ServerOnHost.process(properties).ifPresent(p -> processes.put(p.name(), p.pid()));
        return HostSampler.every(settings.hostSampleInterval(), paths, processes);
    }
}
