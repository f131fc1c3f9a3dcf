package storagebench.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
import storagebench.runner.Timed;

/** What the harness itself costs: the time a trial takes beyond its measured phase, and clock accuracy. */
final class HarnessBench {
    private HarnessBench() {}

    /**
     * Runs {@code trials} trials of a command that does nothing through the real runner, broker and
     * job repository, and returns per trial the gap from one trial's start to the next minus the
     * first one's measured duration, in ms, sorted.
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
        Map<String, String> values = new HashMap<>();
        values.put("data-dir", dir.resolve("data").toString());
        bootstrapServers.ifPresent(servers -> values.put("kafka.bootstrap-servers", servers));
        Settings settings = Settings.load(null, Map.of(), values);
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
        List<TrialTimed> timed = new ArrayList<>();
        try (KafkaConnection kafka = KafkaConnection.open(settings)) {
            run.execute(settings, kafka);
            timed.addAll(trials(kafka, run.runId()));
        } finally {
            if (bootstrapServers.isEmpty()) {
                // the benchmark's own throwaway broker
                BrokerProcess.stop(BrokerFiles.of(settings.kafkaDir()), Duration.ofSeconds(30));
            }
        }
        timed.sort(Comparator.comparing(TrialTimed::getTrialIndex));
        List<Double> gaps = new ArrayList<>();
        for (int i = 1; i < timed.size(); i++) {
            Duration between =
                    Duration.between(timed.get(i - 1).getStartTime(), timed.get(i).getStartTime());
            gaps.add((between.toNanos() - timed.get(i - 1).getDurationNs()) / 1e6);
        }
        return gaps.stream().sorted().toList();
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
