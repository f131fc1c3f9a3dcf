package storagebench.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import storagebench.broker.KafkaConnection;
import storagebench.events.EventCodec;
import storagebench.events.TopicScan;
import storagebench.events.TransactionalProducers;
import storagebench.events.UndecodableEventException;

/**
 * The floor under a trial's publishing: one Kafka transaction (begin, the sends, commit) of a trial's
 * own records (the same keys, values and headers, so the same number and sizes) on the same topic and
 * broker, through a producer with the runner's settings ({@link TransactionalProducers}), alone.
 */
final class TransactionFloor implements AutoCloseable {
    private final KafkaProducer<byte[], byte[]> producer;
    private final List<ProducerRecord<byte[], byte[]>> records;

    TransactionFloor(KafkaConnection kafka, List<ProducerRecord<byte[], byte[]>> records) {
        if (records.isEmpty()) {
            throw new IllegalArgumentException("a floor of no records");
        }
        this.records = List.copyOf(records);
        this.producer =
                new TransactionalProducers(
                                kafka,
                                "storagebench-bench-floor-" + ProcessHandle.current().pid(),
                                kafka.settings().kafkaGrace())
                        .start(
                                () -> {
                                    throw new KafkaException(
                                            "no answer from " + kafka.bootstrapServers());
                                });
    }

    /**
     * The records one trial of run {@code runId} published: every committed message keyed by the run
     * whose event has {@code trialIndex}, in the order published.
     */
    static List<ProducerRecord<byte[], byte[]>> trialRecords(
            KafkaConnection kafka, String runId, int trialIndex) {
        byte[] key = runId.getBytes(StandardCharsets.UTF_8);
        EventCodec codec = new EventCodec();
        List<ProducerRecord<byte[], byte[]>> found = new ArrayList<>();
        TopicScan.each(
                kafka,
                kafka.settings().topic(),
                record -> {
                    if (Arrays.equals(key, record.key())
                            && trialIndex(codec, record.value()) == trialIndex) {
                        found.add(
                                new ProducerRecord<>(
                                        record.topic(),
                                        null,
                                        record.key(),
                                        record.value(),
                                        record.headers()));
                    }
                });
        if (found.isEmpty()) {
            throw new IllegalStateException(
                    "run " + runId + " has no events of trial " + trialIndex + " in the topic");
        }
        return found;
    }

    private static int trialIndex(EventCodec codec, byte[] value) {
        try {
            SpecificRecord event = codec.decode(value);
            Schema.Field field = event.getSchema().getField("trial_index");
            return field == null ? -1 : (Integer) event.get(field.pos());
        } catch (UndecodableEventException e) {
            return -1;
        }
    }

    int recordCount() {
        return records.size();
    }

    /** Bytes of the records' keys and values. */
    long bytes() {
        return records.stream().mapToLong(r -> r.key().length + r.value().length).sum();
    }

    /**
     * Times {@code n} transactions: ms each, from begin to the commit's answer; {@code pace} says what
     * comes between them.
     */
    List<Double> transactions(int n, FloorPace pace) {
        List<Double> ms = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            if (pace == FloorPace.PACED) {
                runTrue();
            }
            long t0 = System.nanoTime();
            producer.beginTransaction();
            records.forEach(producer::send);
            producer.commitTransaction();
            ms.add((System.nanoTime() - t0) / 1e6);
        }
        return ms;
    }

    /** Runs {@code true}, the harness trials' command, to its end. */
    private static void runTrue() {
        try {
            Process process =
                    new ProcessBuilder("true")
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .redirectError(ProcessBuilder.Redirect.DISCARD)
                            .start();
            if (process.waitFor() != 0) {
                throw new IllegalStateException("true exited with " + process.exitValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run true: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running true", e);
        }
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
