package storagebench.sink;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Messages the sink cannot turn into rows go, unchanged, to the dead-letter topic with headers saying
 * why and where they came from. A roll calls {@link #flush()} before it moves the offset marker, so
 * no message is skipped without its dead letter acknowledged. After a crash a dead letter may be sent
 * again (at least once); the origin headers identify duplicates.
 */
final class DeadLetters implements AutoCloseable {
    static final String REASON = "storagebench.error.reason";
    static final String TOPIC = "storagebench.error.topic";
    static final String PARTITION = "storagebench.error.partition";
    static final String OFFSET = "storagebench.error.offset";
    private static final Logger log = LoggerFactory.getLogger(DeadLetters.class);

    private final String topic;
    private final Map<String, Object> clientProperties;
    private final AtomicReference<Exception> failure = new AtomicReference<>();
    private volatile Producer<byte[], byte[]> producer;
    private long count;

    DeadLetters(String topic, Map<String, Object> clientProperties) {
        this.topic = topic;
        this.clientProperties = clientProperties;
    }

    /** Dead letters that are only counted and logged, never sent (a replay: the live sink sent them). */
    static DeadLetters countingOnly() {
        return new DeadLetters(null, Map.of());
    }

    void send(ConsumerRecord<byte[], byte[]> message, String reason) {
        if (topic == null) {
            count++;
            log.warn(
                    "undecodable message passed over: {}-{}@{}: {}",
                    message.topic(),
                    message.partition(),
                    message.offset(),
                    reason);
            return;
        }
        ProducerRecord<byte[], byte[]> letter =
                new ProducerRecord<>(
                        topic, null, message.key(), message.value(), message.headers());
        Headers headers = letter.headers();
        headers.add(REASON, bytes(reason));
        headers.add(TOPIC, bytes(message.topic()));
        headers.add(PARTITION, bytes(Integer.toString(message.partition())));
        headers.add(OFFSET, bytes(Long.toString(message.offset())));
        producer()
                .send(
                        letter,
                        (metadata, e) -> {
                            if (e != null) {
                                failure.compareAndSet(null, e);
                            }
                        });
        count++;
        log.warn(
                "dead letter: {}-{}@{} to {}: {}",
                message.topic(),
                message.partition(),
                message.offset(),
                topic,
                reason);
    }

    /** Waits until every dead letter sent so far is acknowledged; fails if any was not. */
    void flush() {
        if (producer == null) {
            return;
        }
        producer.flush();
        Exception e = failure.get();
        if (e != null) {
            throw new IllegalStateException(
                    "dead letters could not be written to " + topic + ": " + e.getMessage(), e);
        }
    }

    long count() {
        return count;
    }

    private Producer<byte[], byte[]> producer() {
        if (producer == null) {
            Map<String, Object> props = new HashMap<>(clientProperties);
            props.put(ProducerConfig.ACKS_CONFIG, "all");
            props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
            props.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "storagebench-sink-dead-letters");
            producer =
                    new KafkaProducer<>(
                            props, new ByteArraySerializer(), new ByteArraySerializer());
        }
        return producer;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        if (producer != null) {
            producer.close();
        }
    }
}
