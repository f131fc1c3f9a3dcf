package storagebench.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.kafka.clients.admin.AbortTransactionSpec;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;

/**
 * The abort of a transaction a restarted broker left open, on a real broker: built from the figures
 * the broker gives of the partition's producers, it ends the transaction in the partition, and the
 * read-back then answers "not committed".
 */
class HangingTransactionIT {
    private static final String ID = EventPublisher.TRANSACTIONAL_ID_PREFIX + "hanging";

    @TempDir Path tmp;

    @Test
    void anOpenTransactionAbortedFromThePartitionsOwnFiguresReadsBackAsNotCommitted()
            throws Exception {
        Settings settings =
                Settings.load(null, Map.of(), Map.of("data-dir", tmp.resolve("data").toString()));
        try (KafkaConnection kafka = KafkaConnection.open(settings)) {
            KafkaProducer<byte[], byte[]> producer =
                    new TransactionalProducers(kafka, ID, Duration.ofSeconds(30)).start(() -> {});
            try {
                // given: a transaction whose record is in the partition, not ended
                producer.beginTransaction();
                byte[] bytes = "trial".getBytes(StandardCharsets.UTF_8);
                RecordMetadata first =
                        producer.send(new ProducerRecord<>(settings.topic(), bytes, bytes)).get();
                TopicPartition tp = new TopicPartition(first.topic(), first.partition());
                // while its coordinator is at it, it is left alone
                assertThat(CommitCheck.abortIfHanging(kafka, ID, first)).isFalse();
                try (Admin admin = kafka.admin()) {
                    TransactionDescription now =
                            admin.describeTransactions(List.of(ID)).description(ID).get();
                    assertThat(now.state()).isEqualTo(TransactionState.ONGOING);
                    // when: aborted as one whose coordinator had finished with it would be
                    TransactionDescription finished =
                            new TransactionDescription(
                                    now.coordinatorId(),
                                    TransactionState.COMPLETE_COMMIT,
                                    now.producerId(),
                                    now.producerEpoch(),
                                    now.transactionTimeoutMs(),
                                    OptionalLong.empty(),
                                    Set.of());
                    AbortTransactionSpec abort =
                            CommitCheck.hanging(
                                            finished,
                                            admin.describeProducers(List.of(tp))
                                                    .partitionResult(tp)
                                                    .get()
                                                    .activeProducers(),
                                            tp,
                                            first.offset())
                                    .orElseThrow();
                    admin.abortTransaction(abort).all().get();
                }
                // then: the partition no longer holds it open, and it reads back as not committed
                assertThat(
                                CommitCheck.committed(
                                        kafka,
                                        first,
                                        System.nanoTime() + Duration.ofSeconds(30).toNanos()))
                        .contains(false);
            } finally {
                producer.close(Duration.ZERO);
            }
        }
    }
}
