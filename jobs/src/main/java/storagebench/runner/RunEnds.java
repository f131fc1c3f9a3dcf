package storagebench.runner;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.BadInputException;
import storagebench.DurableFiles;
import storagebench.ProcessLock;
import storagebench.batch.RunLock;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.events.EventCodec;
import storagebench.events.EventPublisher;
import storagebench.events.RunFinished;
import storagebench.events.RunHistory;
import storagebench.events.RunStatus;
import storagebench.events.UndecodableEventException;

/**
 * Every attempt of a run ends with one RunFinished in the topic, even one whose broker was gone when
 * it ended. Such an attempt keeps its RunFinished under {@code runs/<id>/ends/} ({@link #keep}); the
 * next command that reaches the broker publishes it ({@link #publishKept}), and a restart of the run
 * ends every earlier attempt the topic shows unfinished ({@link #closeEarlier}): with the kept event
 * when there is one, else FAILED with the reason that the process ended without a word (killed). The
 * event id is the attempt's ({@code <run>/finished/<attempt>}), and an attempt the topic already shows
 * finished is not ended again.
 */
public final class RunEnds {
    private static final Logger log = LoggerFactory.getLogger(RunEnds.class);
    private static final String FOLDER = "ends";
    private static final String SUFFIX = ".avro";
    private static final EventCodec CODEC = new EventCodec();

    private RunEnds() {}

    /** Keeps {@code end} for the next command that reaches the broker; false if it cannot be written. */
    static boolean keep(Path runDir, RunFinished end) {
        try {
            Path folder = runDir.resolve(FOLDER);
            DurableFiles.createFolders(folder);
            Path file = folder.resolve(nameOf(end.getAttempt()));
            Path temp = file.resolveSibling("." + file.getFileName() + DurableFiles.TEMP_SUFFIX);
            Files.write(temp, CODEC.encode(end));
            DurableFiles.commit(temp, file);
            return true;
        } catch (IOException | RuntimeException e) {
            log.warn(
                    "the end of run {} attempt {} could not be kept in {}: {}",
                    end.getRunId(),
                    end.getAttempt(),
                    runDir,
                    e.getMessage());
            return false;
        }
    }

    /**
     * Publishes, with the run's own publisher, a RunFinished for each earlier attempt of the run that
     * the topic shows unfinished, and forgets the kept ones. An attempt that ended without one was
     * killed on {@code host} (the host's name, {@code host.name}).
     */
    static void closeEarlier(
            Path runDir,
            String runId,
            String experiment,
            String host,
            RunHistory history,
            EventPublisher to) {
        Map<Integer, RunFinished> kept = kept(runDir);
        List<RunFinished> ends = new ArrayList<>();
        for (int attempt : history.unfinished()) {
            ends.add(
                    Optional.ofNullable(kept.get(attempt))
                            .orElseGet(() -> killed(runId, experiment, host, attempt)));
        }
        if (!ends.isEmpty()) {
            to.publish(runId, ends);
            log.info(
                    "run {}: recorded the end of earlier attempt(s) {} (FAILED)",
                    runId,
                    history.unfinished());
        }
        kept.keySet().forEach(attempt -> forget(runDir, attempt));
    }

    /**
     * Publishes the kept ends of every run under the data directory that no process is running;
     * called by each command that has reached the broker. A failure leaves them kept for the next.
     */
    public static void publishKept(Settings settings, KafkaConnection kafka) {
        Path runs = settings.runsDir();
        if (!Files.isDirectory(runs)) {
            return;
        }
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(runs)) {
            for (Path runDir : dirs) {
                if (Files.isDirectory(runDir.resolve(FOLDER)) && !kept(runDir).isEmpty()) {
                    publishKept(runDir, kafka);
                }
            }
        } catch (IOException | RuntimeException e) {
            log.warn("the kept ends of runs could not be published yet: {}", e.getMessage());
        }
    }

    private static void publishKept(Path runDir, KafkaConnection kafka) {
        String runId = runDir.getFileName().toString();
        Optional<ProcessLock> lock;
        try {
            lock = Optional.of(RunLock.take(runDir, runId));
        } catch (BadInputException running) {
            return;
        }
        try (ProcessLock held = lock.get();
                EventPublisher publisher = new EventPublisher(kafka, runId)) {
            RunHistory history = RunHistory.read(kafka, runId);
            Map<Integer, RunFinished> kept = kept(runDir);
            List<RunFinished> ends =
                    kept.values().stream()
                            .filter(e -> history.unfinished().contains(e.getAttempt()))
                            .toList();
            if (!ends.isEmpty()) {
                publisher.publish(runId, ends);
                log.info(
                        "run {}: recorded the end of attempt(s) {} that ended while the broker was"
                                + " away",
                        runId,
                        ends.stream().map(RunFinished::getAttempt).toList());
            }
            kept.keySet().forEach(attempt -> forget(runDir, attempt));
        }
    }

    /** The RunFinished of an attempt that ended without one: its process was killed. */
    static RunFinished killed(String runId, String experiment, String host, int attempt) {
        return RunFinished.newBuilder()
                .setEventId(runId + "/finished/" + attempt)
                .setRunId(runId)
                .setExperiment(experiment)
                .setHost(host)
                .setAttempt(attempt)
                .setStatus(RunStatus.FAILED)
                .setTrials(0)
                .setFailures(0)
                .setError(
                        "attempt "
                                + attempt
                                + " ended without recording its end (its process was killed);"
                                + " its trials are counted by the attempts that follow")
                .setEndTime(TrialExecutor.now())
                .build();
    }

    private static Map<Integer, RunFinished> kept(Path runDir) {
        Map<Integer, RunFinished> kept = new TreeMap<>();
        Path folder = runDir.resolve(FOLDER);
        if (!Files.isDirectory(folder)) {
            return kept;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, "attempt-*" + SUFFIX)) {
            for (Path file : files) {
                try {
                    if (CODEC.decode(Files.readAllBytes(file)) instanceof RunFinished end) {
                        kept.put(end.getAttempt(), end);
                    }
                } catch (UndecodableEventException e) {
                    log.warn("{} is not a run's end; left out", file);
                }
            }
        } catch (IOException e) {
            log.warn("cannot read the kept ends under {}: {}", folder, e.getMessage());
        }
        return kept;
    }

    private static void forget(Path runDir, int attempt) {
        try {
            Files.deleteIfExists(runDir.resolve(FOLDER).resolve(nameOf(attempt)));
        } catch (IOException e) {
            log.warn("cannot remove the kept end of attempt {} in {}", attempt, runDir);
        }
    }

    private static String nameOf(int attempt) {
        return "attempt-" + attempt + SUFFIX;
    }
}
