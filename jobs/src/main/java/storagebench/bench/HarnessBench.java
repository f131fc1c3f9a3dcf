package storagebench.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import storagebench.broker.BrokerFiles;
import storagebench.broker.BrokerProcess;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.events.RunHistory;
import storagebench.events.TrialTimed;
import storagebench.runner.ExperimentRun;
import storagebench.runner.RunLauncher;
import storagebench.runner.RunObserver;
import storagebench.runner.RunProgress;
import storagebench.runner.RunStop;
import storagebench.runner.Timed;

/** What the harness itself costs: the time a trial takes beyond its measured phase, and clock accuracy. */
final class HarnessBench {
    private HarnessBench() {}

    /**
     * Runs {@code trials} trials of a command that does nothing through the real runner and broker
     * (Spring Batch on its in-memory job repository), and returns per trial the gap from one trial's
     * start to the next minus the first one's measured duration, in ms, sorted.
     */
    static List<Double> overheadPerTrial(Path dir, int trials) throws Exception {
        return overheadPerTrial(dir, trials, Optional.empty());
    }

    /**
     * As {@link #overheadPerTrial(Path, int)}, on the cluster at {@code bootstrapServers} when given
     * (else on a throwaway embedded broker of {@code dir}'s own).
     */
    static List<Double> overheadPerTrial(Path dir, int trials, Optional<String> bootstrapServers)
            throws Exception {
        Settings settings = settings(dir, bootstrapServers);
        try (KafkaConnection kafka = KafkaConnection.open(settings)) {
            return run(settings, kafka, dir, trials).overhead().stream().sorted().toList();
        } finally {
            if (bootstrapServers.isEmpty()) {
                stopBroker(settings);
            }
        }
    }

    /** The settings of a bench whose data directory is {@code dir/data}. */
    static Settings settings(Path dir, Optional<String> bootstrapServers) {
        Map<String, String> values = new HashMap<>();
        values.put("data-dir", dir.resolve("data").toString());
        bootstrapServers.ifPresent(servers -> values.put("kafka.bootstrap-servers", servers));
        return Settings.load(null, Map.of(), values);
    }

    /** Stops the bench's own throwaway embedded broker. */
    static void stopBroker(Settings settings) {
        BrokerProcess.stop(BrokerFiles.of(settings.kafkaDir()), Duration.ofSeconds(30));
    }

    /**
     * One run of {@code trials} trials of {@code true} on an open connection: each trial's overhead
     * (from its start to the next trial's, minus its measured phase) and the three parts of it that
     * the run's events and its {@link RunObserver} show.
     */
    static HarnessTrials run(Settings settings, KafkaConnection kafka, Path dir, int trials)
            throws Exception {
        Path yaml =
                Files.writeString(
                        dir.resolve("overhead.yaml"),
                        """
                experiment: bench-overhead
                target: {kind: local, directory: %s}
                workload: {type: command, command: "true"}
                repetitions: %d
                warmups: 0
                """
                                .formatted(dir.resolve("work"), trials));
        ExperimentRun run = ExperimentRun.prepare(settings, yaml, Map.of());
        Map<Integer, Instant> done = new HashMap<>();
        Map<Integer, Instant> starting = new HashMap<>();
        RunObserver observer =
                new RunObserver() {
                    @Override
                    public void trialStarting(RunProgress progress) {
                        starting.put(progress.trial() - 1, Instant.now());
                    }

                    @Override
                    public void trialDone(RunProgress progress) {
                        done.put(progress.trial() - 1, Instant.now());
                    }
                };
        new RunLauncher(settings, kafka).launch(run, new RunStop(), null, observer);
        List<TrialTimed> timed = new ArrayList<>(trials(kafka, run.runId()));
        timed.sort(Comparator.comparing(TrialTimed::getTrialIndex));
        return HarnessTrials.of(run.runId(), timed, done, starting);
    }

    private static List<TrialTimed> trials(KafkaConnection kafka, String runId) {
        List<TrialTimed> found = new ArrayList<>();
        RunHistory.events(
                kafka,
                runId,
                event -> {
                    if (event instanceof TrialTimed t && t.getPhase().equals("measured")) {
                        found.add(t);
                    }
                });
        return found;
    }

    /**
     * Times an action that waits until the wall clock (an independent clock: currentTimeMillis, not
     * nanoTime) has advanced by {@code millis}, and returns the measured duration over the wall-clock one.
     */
    static double calibratedRatio(long millis) {
        long[] wall = new long[2];
        Timed timed =
                Timed.run(
                        () -> {
                            wall[0] = System.currentTimeMillis();
                            while (System.currentTimeMillis() - wall[0] < millis) {
                                Thread.onSpinWait();
                            }
                            wall[1] = System.currentTimeMillis();
                            return Map.of();
                        },
                        null);
        return timed.nanos() / 1e6 / (wall[1] - wall[0]);
    }
}
