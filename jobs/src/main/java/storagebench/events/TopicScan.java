package storagebench.events;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import storagebench.broker.KafkaConnection;
import storagebench.broker.KafkaConnection.KafkaUnavailableException;

/**
 * Reads a topic's committed messages (read_committed: aborted transactions never show), every
 * partition from its beginning to the end it had when the scan started, without a consumer group.
 * First it waits for open transactions ({@link OpenTransactions#settle}), so what it reads is final:
 * no message written before the scan can appear after it. A broker that stops answering ends the scan
 * after the grace period with {@link KafkaUnavailableException}.
 */
public final class TopicScan {
    private static final Duration POLL = Duration.ofMillis(500);

    private TopicScan() {}

    /** Hands every committed message of {@code topic} to {@code visitor}, in order within each partition. */
    public static long each(
            KafkaConnection kafka, String topic, Consumer<ConsumerRecord<byte[], byte[]>> visitor) {
        Map<String, Object> props = kafka.clientProperties();
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 8 * 1024 * 1024);
        OpenTransactions.settle(kafka, topic);
        long seen = 0;
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(
                        props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions =
                    consumer.partitionsFor(topic, KafkaConnection.REACH_TIMEOUT).stream()
                            .map(p -> new TopicPartition(topic, p.partition()))
                            .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            long lastProgress = System.nanoTime();
            while (partitions.stream().anyMatch(tp -> consumer.position(tp) < end.get(tp))) {
                var records = consumer.poll(POLL);
                if (!records.isEmpty()) {
                    lastProgress = System.nanoTime();
                } else if (System.nanoTime() - lastProgress
                        > kafka.settings().kafkaGrace().toNanos()) {
                    throw new KafkaUnavailableException(
                            "reading "
                                    + topic
                                    + " from "
                                    + kafka.bootstrapServers()
                                    + " made no progress for "
                                    + kafka.settings().kafkaGrace().toSeconds()
                                    + " s (kafka.grace-seconds)");
                }
                for (ConsumerRecord<byte[], byte[]> record : records) {
                    if (record.offset()
                            < end.get(new TopicPartition(record.topic(), record.partition()))) {
                        visitor.accept(record);
                        seen++;
                    }
                }
            }
        }
        return seen;
    }
}
