package storagebench.events;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import storagebench.broker.KafkaConnection;

/**
 * Whether a transaction was committed, once it has ended for sure (a new producer with its
 * transactional id completed what its coordinator had recorded and aborted the rest): its first
 * record, read read_committed from its own offset, is there, or was passed over as aborted.
 */
final class CommitCheck {
    private static final Duration POLL = Duration.ofMillis(200);

    private CommitCheck() {}

    /**
     * @param first the transaction's first record, as its partition's leader acknowledged it
     * @param deadline {@link System#nanoTime()} after which the answer is given up on
     * @return whether it was committed; empty when no answer came before the deadline
     */
    static Optional<Boolean> committed(KafkaConnection kafka, RecordMetadata first, long deadline) {
        Map<String, Object> props = kafka.clientProperties();
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        TopicPartition tp = new TopicPartition(first.topic(), first.partition());
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(
                        props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            consumer.assign(List.of(tp));
            consumer.seek(tp, first.offset());
            while (System.nanoTime() < deadline) {
                List<ConsumerRecord<byte[], byte[]>> records = consumer.poll(POLL).records(tp);
                if (!records.isEmpty()) {
                    return Optional.of(records.get(0).offset() == first.offset());
                }
                // an aborted transaction's records are skipped: past them, it was not committed
                if (consumer.position(tp) > first.offset()) {
                    return Optional.of(false);
                }
            }
        }
        return Optional.empty();
    }
}
