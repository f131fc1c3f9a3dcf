package storagebench.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;

/**
 * {@code bench harness}: in one run, on one throwaway embedded broker and in ABBA order, (a) the floor
 * — one Kafka transaction of a trial's records, alone ({@link TransactionFloor}) — and (b) trials of
 * {@code true} through the whole harness ({@link HarnessBench}). A warm-up pair goes first, longer
 * than a counted one: after a warm-up of one block of 50 the broker was still getting faster (the
 * floor fell from 8.4 to 4.0 ms over the five pairs after it), and the pairs measured that drift more
 * than the overhead. Its harness run also gives the floor its records (those of its second trial).
 */
public final class HarnessBenchmark {
    /** Trials and transactions of the warm-up pair unless asked otherwise. */
    public static final int DEFAULT_WARM_UP = 500;

    private HarnessBenchmark() {}

    /**
     * @param parent where the temporary folder goes
     * @param trials trials per harness run, and floor transactions per block
     * @param pairs ABBA pairs
     * @param warmUp trials of the warm-up pair's harness run and transactions of its floor block
     * @param pace what comes between the floor's transactions
     */
    public static HarnessBenchReport run(
            Path parent, int trials, int pairs, int warmUp, FloorPace pace) throws Exception {
        Files.createDirectories(parent);
        Path dir = Files.createTempDirectory(parent.toAbsolutePath(), "bench-harness-");
        Settings settings = HarnessBench.settings(dir, Optional.empty());
        // the floor's records are those of the warm-up run's second trial
        int warm = Math.max(warmUp, 3);
        try (KafkaConnection kafka = KafkaConnection.open(settings)) {
            HarnessTrials warmed = HarnessBench.run(settings, kafka, dir, warm);
            try (TransactionFloor floor =
                    new TransactionFloor(
                            kafka, TransactionFloor.trialRecords(kafka, warmed.runId(), 1))) {
                floor.transactions(warm, pace);
                Abba.Paired<HarnessTrials> paired =
                        Abba.run(
                                pairs,
                                false,
                                pair -> HarnessTrials.floor(floor.transactions(trials - 1, pace)),
                                pair -> HarnessBench.run(settings, kafka, dir, trials));
                return new HarnessBenchReport(
                        trials, warmUp, pace, floor.recordCount(), floor.bytes(), paired);
            }
        } finally {
            HarnessBench.stopBroker(settings);
            delete(dir);
        }
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
