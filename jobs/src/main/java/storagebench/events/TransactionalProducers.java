package storagebench.events;

import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import storagebench.broker.KafkaConnection;

/**
 * The producers an {@link EventPublisher} publishes through, all with one transactional id, set up
 * for failover (each setting below says why), and started with their transactions initialised: a
 * fresh producer each time one gets no answer, since a producer keeps asking the coordinator it found,
 * even a broker cut off from the others that still answers from its old view. Public so that {@code
 * bench harness} times its floor, a bare transaction, with exactly the runner's settings.
 */
public final class TransactionalProducers {
    /**
     * How long a request may go unanswered before the producer retries it (Kafka's default: 30 s). A
     * leader that stops answering without closing its connections (cut off from its peers, or frozen)
     * is left, and the metadata read again, only once a request times out; with 10 s, a leader that was
     * also the active controller (replaced first, then fenced 9 s later) kept a run waiting past its
     * grace period. Retries are safe: idempotent, and an unanswered commit is only ever committed again.
     */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);

    /**
     * How often the producer reads the metadata again (Kafka's default: 5 minutes). A leader cut off
     * from its peers keeps answering its clients from its stale view, at once and with a retriable
     * error (CONCURRENT_TRANSACTIONS, while it cannot finish its own commit markers): no request times
     * out, and nothing else makes the producer look for the new leader.
     */
    static final Duration METADATA_MAX_AGE = Duration.ofSeconds(5);

    /**
     * The longest pause between retries and reconnects (Kafka's default: 1 s). While a lost leader is
     * replaced the backoff grows to its maximum, and the producer learned of the new leader up to that
     * late: 1.5 s median after the broker was fenced on a local cluster, 1.1 s with 250 ms.
     */
    static final Duration BACKOFF_MAX = Duration.ofMillis(250);

    private final Map<String, Object> props;

    public TransactionalProducers(KafkaConnection kafka, String transactionalId, Duration grace) {
        props = kafka.clientProperties();
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
        props.putIfAbsent(
                ProducerConfig.TRANSACTION_TIMEOUT_CONFIG,
                (int) EventPublisher.TRANSACTION_TIMEOUT.toMillis());
        props.putIfAbsent(
                ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) EventPublisher.CALL_TIMEOUT.toMillis());
        props.putIfAbsent(
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) REQUEST_TIMEOUT.toMillis());
        props.putIfAbsent(
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) grace.plusSeconds(20).toMillis());
        props.putIfAbsent(
                ProducerConfig.METADATA_MAX_AGE_CONFIG, (int) METADATA_MAX_AGE.toMillis());
        props.putIfAbsent(ProducerConfig.RETRY_BACKOFF_MAX_MS_CONFIG, (int) BACKOFF_MAX.toMillis());
        props.putIfAbsent(
                ProducerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, (int) BACKOFF_MAX.toMillis());
    }

    /**
     * A producer whose transactions are initialised, which ends whatever an earlier producer of the
     * transactional id left open (a commit its coordinator recorded is completed, the rest aborted).
     *
     * @param noAnswer called each time a producer gets no answer (it may give up by throwing)
     */
    public KafkaProducer<byte[], byte[]> start(Runnable noAnswer) {
        while (true) {
            KafkaProducer<byte[], byte[]> producer =
                    new KafkaProducer<>(
                            props, new ByteArraySerializer(), new ByteArraySerializer());
            try {
                producer.initTransactions();
                return producer;
            } catch (TimeoutException e) {
                producer.close(Duration.ZERO);
                noAnswer.run();
            } catch (RuntimeException e) {
                producer.close(Duration.ZERO);
                throw e;
            }
        }
    }
}
