package storagebench.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.broker.BrokerFiles;
import storagebench.broker.BrokerProcess;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.sink.RollPolicy;

/**
 * {@code bench sink}: publishes N synthetic trial events to a topic of their own, then measures on them,
 * in ABBA pairs ({@link Abba}), (A) the sink and (B) its two ingredients alone, the plain consumer then
 * the Parquet writer. Everything lands in a temporary folder
 * (the embedded broker too, unless a cluster is configured) that is removed afterwards; on a
 * configured cluster the benchmark topic is deleted.
 */
public final class SinkBenchmark {
    private static final Logger log = LoggerFactory.getLogger(SinkBenchmark.class);
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmssSSS'Z'").withZone(ZoneOffset.UTC);
    private static final long WARM_UP = 50_000;

    private SinkBenchmark() {}

    public static SinkBenchReport run(Settings settings, long n, int pairs) {
        Path root = tempFolder();
        Settings local =
                settings.bootstrapServers().isPresent()
                        ? settings
                        : settings.withDataDir(root.resolve("data"));
        String topic = "storagebench.bench." + STAMP.format(Instant.now());
        TrialEvents events =
                new TrialEvents(
                        Instant.now().truncatedTo(ChronoUnit.DAYS).minus(3, ChronoUnit.DAYS));
        RollPolicy policy = RollPolicy.of(settings);
        try (KafkaConnection kafka = KafkaConnection.open(local)) {
            BenchTopic.create(kafka, topic);
            try {
                long started = System.nanoTime();
                long bytes = BenchTopic.publish(kafka, topic, events, n);
                log.info(
                        "published {} events ({} MB) to {} in {} ms",
                        n,
                        bytes >> 20,
                        topic,
                        (System.nanoTime() - started) / 1_000_000);
                SinkBench.writerAlone(
                        events, Math.min(n, WARM_UP), policy, root.resolve("warm-up"));
                long[] heap = new long[2];
                Abba.Paired<List<SinkBenchReport.Rate>> paired =
                        Abba.run(
                                pairs,
                                false,
                                pair -> {
                                    Path data = root.resolve("sink-" + pair);
                                    try (HeapPeak peak = HeapPeak.start()) {
                                        SinkBenchReport.Rate c =
                                                SinkBench.sink(kafka, settings, topic, data);
                                        heap[0] = Math.max(heap[0], peak.peakBytes());
                                        heap[1] = Math.max(heap[1], peak.maxAfterGcBytes());
                                        return List.of(c);
                                    } finally {
                                        deleteRecursively(data);
                                    }
                                },
                                pair -> {
                                    Path data = root.resolve("writer-" + pair);
                                    try {
                                        return List.of(
                                                SinkBench.plainConsumer(kafka, topic),
                                                SinkBench.writerAlone(events, n, policy, data));
                                    } finally {
                                        deleteRecursively(data);
                                    }
                                });
                return new SinkBenchReport(
                        n, bytes, topic, kafka.embedded(), paired, heap[0], heap[1]);
            } finally {
                if (!kafka.embedded()) {
                    BenchTopic.delete(kafka, topic);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ExecutionException | InterruptedException e) {
            throw kafkaFailed(e);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("bench sink: " + e.getMessage(), e);
        } finally {
            if (settings.bootstrapServers().isEmpty()) {
                BrokerProcess.stop(BrokerFiles.of(local.kafkaDir()), Duration.ofSeconds(30));
            }
            deleteRecursively(root);
        }
    }

    /** Kafka's refusal or an interruption (the thread keeps its flag), unchecked. */
    static IllegalStateException kafkaFailed(Exception e) {
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
            return new IllegalStateException("interrupted", e);
        }
        return new IllegalStateException(
                "Kafka refused: " + e.getCause().getMessage(), e.getCause());
    }

    static Path tempFolder() {
        try {
            return Files.createTempDirectory("storagebench-bench-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void deleteRecursively(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            log.warn("could not remove {}: {}", root, e.getMessage());
        }
    }
}
