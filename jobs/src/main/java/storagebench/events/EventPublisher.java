package storagebench.events;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.avro.specific.SpecificRecord;
import storagebench.broker.KafkaConnection;

/**
 * Publishes a run's events. Each call is one Kafka transaction that returns only once the broker
 * acknowledged it (idempotent producer, acks=all), so either all events of a trial are visible to
 * read_committed consumers or none are. The transactional id is the run id: a restarted run fences
 * off whatever the killed process left open.
 */
public final class EventPublisher implements AutoCloseable {
    private final KafkaProducer<byte[], byte[]> producer;
    private final String topic;
    private final EventCodec codec = new EventCodec();

    public EventPublisher(KafkaConnection kafka, String transactionalId) {
        Map<String, Object> props = kafka.clientProperties();
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "storagebench-" + transactionalId);
        props.putIfAbsent(ProducerConfig.MAX_BLOCK_MS_CONFIG, 30_000);
        props.putIfAbsent(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 60_000);
        props.putIfAbsent(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 30_000);
        this.producer = new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer());
        this.topic = kafka.settings().topic();
        producer.initTransactions();
    }

    /** Publishes the events, keyed by run id, in one transaction; returns after the broker's acks. */
    public void publish(String runId, List<? extends SpecificRecord> events) {
        byte[] key = runId.getBytes(StandardCharsets.UTF_8);
        send(events, event -> key);
    }

    /**
     * Publishes events of any runs in one transaction, each keyed by its own {@code run_id} (so each
     * run's events stay on one partition, as if its runner had published them); returns after the acks.
     */
    public void publishEach(List<? extends SpecificRecord> events) {
        send(events, event -> String.valueOf(event.get(event.getSchema().getField("run_id").pos()))
                .getBytes(StandardCharsets.UTF_8));
    }

    private void send(List<? extends SpecificRecord> events, Function<SpecificRecord, byte[]> key) {
        if (events.isEmpty()) {
            return;
        }
        producer.beginTransaction();
        try {
            // Sent together, then committed: commitTransaction flushes at once (no linger) and fails if a
            // send failed; the acks are then all in.
            List<Future<RecordMetadata>> acks = new ArrayList<>(events.size());
            for (SpecificRecord event : events) {
                ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(topic, key.apply(event),
                        codec.encode(event));
                record.headers().add("storagebench.type", EventType.of(event).schemaName()
                        .getBytes(StandardCharsets.UTF_8));
                acks.add(producer.send(record));
            }
            producer.commitTransaction();
            for (Future<RecordMetadata> ack : acks) {
                ack.get();
            }
        } catch (ExecutionException | KafkaException e) {
            abort();
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            throw new PublishException("could not publish " + events.size() + " event(s) to " + topic + ": "
                    + cause.getMessage(), cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abort();
            throw new PublishException("interrupted while publishing", e);
        }
    }

    private void abort() {
        try {
            producer.abortTransaction();
        } catch (KafkaException ignored) {
            // the transaction is already dead; the broker times it out
        }
    }

    @Override
    public void close() {
        producer.close();
    }

    /** Events could not be published; the chunk must not commit. */
    public static class PublishException extends RuntimeException {
        public PublishException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
