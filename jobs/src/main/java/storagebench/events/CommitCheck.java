package storagebench.events;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.AbortTransactionSpec;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
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

    /**
     * Ends as aborted the transaction that begins with {@code first} when it hangs: still open in its
     * partition although its coordinator has finished with it. A restarted broker can complete a
     * transaction whose markers never reach the partition (Kafka's marker channel drops the markers of
     * a partition that has no leader at that moment, taking it for a deleted one); such a transaction
     * stays open for good, and read_committed readers stop at it. None of them can have read it, so
     * aborting it loses nothing: the publisher then sends the events again.
     *
     * @return whether such a transaction was found and aborted
     */
    static boolean abortIfHanging(
            KafkaConnection kafka, String transactionalId, RecordMetadata first)
            throws InterruptedException {
        TopicPartition tp = new TopicPartition(first.topic(), first.partition());
        try (Admin admin = kafka.admin()) {
            TransactionDescription coordinator =
                    admin.describeTransactions(List.of(transactionalId))
                            .description(transactionalId)
                            .get();
            List<ProducerState> producers =
                    admin.describeProducers(List.of(tp))
                            .partitionResult(tp)
                            .get()
                            .activeProducers();
            Optional<AbortTransactionSpec> hanging =
                    hanging(coordinator, producers, tp, first.offset());
            if (hanging.isEmpty()) {
                return false;
            }
            admin.abortTransaction(hanging.get()).all().get();
            return true;
        } catch (ExecutionException | KafkaException e) {
            // the broker cannot tell yet: asked again on the next turn
            return false;
        }
    }

    /**
     * The abort of the transaction of the coordinator's producer that begins at {@code offset} and is
     * still open in the partition, when the coordinator has no transaction of its own in progress.
     */
    static Optional<AbortTransactionSpec> hanging(
            TransactionDescription coordinator,
            List<ProducerState> producers,
            TopicPartition tp,
            long offset) {
        if (!Set.of(
                        TransactionState.EMPTY,
                        TransactionState.COMPLETE_ABORT,
                        TransactionState.COMPLETE_COMMIT)
                .contains(coordinator.state())) {
            return Optional.empty();
        }
        return producers.stream()
                .filter(p -> p.producerId() == coordinator.producerId())
                .filter(p -> p.currentTransactionStartOffset().orElse(-1) == offset)
                .findFirst()
                .map(
                        p ->
                                new AbortTransactionSpec(
                                        tp,
                                        p.producerId(),
                                        (short) p.producerEpoch(),
                                        p.coordinatorEpoch().orElse(0)));
    }
}
