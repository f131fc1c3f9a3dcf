package storagebench.bench;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import storagebench.broker.KafkaConnection;
import storagebench.events.TopicScan;
import storagebench.events.TransactionalProducers;

/**
 * The floor under importing many small files: each file's events (the import's own records, read back
 * from its topic: the same keys, values and headers) published in one Kafka transaction of its own,
 * one file after another, through one bare producer with the runner's settings ({@link
 * TransactionalProducers}).
 */
final class ImportFloor implements AutoCloseable {
    private final KafkaProducer<byte[], byte[]> producer;
    private final List<List<ProducerRecord<byte[], byte[]>>> files;

    ImportFloor(KafkaConnection kafka, String importTopic, String floorTopic) throws Exception {
        BenchTopic.create(kafka, floorTopic);
        this.files = perRun(kafka, importTopic, floorTopic);
        this.producer =
                new TransactionalProducers(
                                kafka,
                                "storagebench-bench-import-floor-" + ProcessHandle.current().pid(),
                                kafka.settings().kafkaGrace())
                        .start(
                                () -> {
                                    throw new KafkaException(
                                            "no answer from " + kafka.bootstrapServers());
                                });
    }

    /** Every committed message of the topic, grouped by key (one run, one file), in the order published. */
    private static List<List<ProducerRecord<byte[], byte[]>>> perRun(
            KafkaConnection kafka, String topic, String floorTopic) {
        Map<ByteBuffer, List<ProducerRecord<byte[], byte[]>>> byKey = new LinkedHashMap<>();
        TopicScan.each(
                kafka,
                topic,
                record ->
                        byKey.computeIfAbsent(ByteBuffer.wrap(record.key()), k -> new ArrayList<>())
                                .add(
                                        new ProducerRecord<>(
                                                floorTopic,
                                                null,
                                                record.key(),
                                                record.value(),
                                                record.headers())));
        return List.copyOf(byKey.values());
    }

    int files() {
        return files.size();
    }

    long records() {
        return files.stream().mapToLong(List::size).sum();
    }

    /** Seconds to publish every file's records, a transaction per file. */
    double publish() {
        long start = System.nanoTime();
        for (List<ProducerRecord<byte[], byte[]>> file : files) {
            producer.beginTransaction();
            file.forEach(producer::send);
            producer.commitTransaction();
        }
        return (System.nanoTime() - start) / 1e9;
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
