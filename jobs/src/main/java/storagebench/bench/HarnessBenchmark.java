package storagebench.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;

/**
 * {@code bench harness}: in one run, on one throwaway embedded broker and in ABBA order, (a) the floor
 * — one Kafka transaction of a trial's records, alone ({@link TransactionFloor}) — and (b) trials of
 * {@code true} through the whole harness ({@link HarnessBench}). A warm-up pair goes first, longer
 * than a counted one: after a warm-up of one block of 50 the broker was still getting faster (the
 * floor fell from 8.4 to 4.0 ms over the five pairs after it), and the pairs measured that drift more
 * than the overhead. Its harness side is runs as long as the counted ones, as many as make up its
 * trials: each counted block is a run of its own, and what a run does once (its job, its
 * producer, its plan) is code the JIT compiles too. After one warm-up run of 500 trials the compilers
 * still spent 170–860 ms compiling during each counted run of 50 (against 10–320 ms during a floor
 * block), on a core the run's commits shared, and (b) − (a) came out at 1.48–1.75 ms; after 20
 * warm-up runs of 50, at 0.76–1.06 ms; after 30 (the default, 1,500 trials), the compilers spent
 * 40–82 ms (medians) during a counted run and (b) − (a) was 0.62–0.79 ms. Its first run also gives
 * the floor its records (those of its second trial). The JIT's compiling time during each counted
 * block is reported beside it.
 */
public final class HarnessBenchmark {
    /** Trials and transactions of the warm-up pair unless asked otherwise. */
    public static final int DEFAULT_WARM_UP = 1500;

    private HarnessBenchmark() {}

    /**
     * @param parent where the temporary folder goes
     * @param trials trials per harness run, and floor transactions per block
     * @param pairs ABBA pairs
     * @param warmUp trials of the warm-up pair's harness runs (in runs of {@code trials}) and
     *     transactions of its floor block
     * @param pace what comes between the floor's transactions
     */
    public static HarnessBenchReport run(
            Path parent, int trials, int pairs, int warmUp, FloorPace pace) throws Exception {
        Files.createDirectories(parent);
        Path dir = Files.createTempDirectory(parent.toAbsolutePath(), "bench-harness-");
        Settings settings = HarnessBench.settings(dir, Optional.empty());
        try (KafkaConnection kafka = KafkaConnection.open(settings)) {
            // the floor's records are those of the first warm-up run's second trial
            HarnessTrials warmed = HarnessBench.run(settings, kafka, dir, trials);
            for (int run = 1; run < warmUpRuns(warmUp, trials); run++) {
                HarnessBench.run(settings, kafka, dir, trials);
            }
            try (TransactionFloor floor =
                    new TransactionFloor(
                            kafka, TransactionFloor.trialRecords(kafka, warmed.runId(), 1))) {
                floor.transactions(warmUp, pace);
                Abba.Paired<HarnessTrials> paired =
                        Abba.run(
                                pairs,
                                false,
                                pair ->
                                        compiling(
                                                () ->
                                                        HarnessTrials.floor(
                                                                floor.transactions(
                                                                        trials - 1, pace))),
                                pair ->
                                        compiling(
                                                () ->
                                                        HarnessBench.run(
                                                                settings, kafka, dir, trials)));
                return new HarnessBenchReport(
                        trials, warmUp, pace, floor.recordCount(), floor.bytes(), paired);
            }
        } finally {
            HarnessBench.stopBroker(settings);
            delete(dir);
        }
    }

    /** The warm-up's harness runs: {@code warmUp} trials in runs of {@code trials}, rounded up. */
    static int warmUpRuns(int warmUp, int trials) {
        return Math.max(1, (warmUp + trials - 1) / trials);
    }

    /** A block, with the JIT compilers' time while it ran (-1 where the JVM does not tell it). */
    private static HarnessTrials compiling(Callable<HarnessTrials> block) throws Exception {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        boolean known = jit != null && jit.isCompilationTimeMonitoringSupported();
        long before = known ? jit.getTotalCompilationTime() : 0;
        HarnessTrials trials = block.call();
        return known ? trials.compiling(jit.getTotalCompilationTime() - before) : trials;
    }

    static void delete(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + dir, e);
        }
    }
}
