package storagebench.bench;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import storagebench.broker.KafkaConnection;
import storagebench.broker.TopicSetup;
import storagebench.events.EventCodec;
import storagebench.events.TrialTimed;

/**
 * A topic of its own for one benchmark, filled the way the runner fills the events topic: key = run
 * id, value = single-object-encoded event, written in Kafka transactions.
 */
final class BenchTopic {
    private static final int EVENTS_PER_TRANSACTION = 10_000;

    private BenchTopic() {}

    static void create(KafkaConnection kafka, String topic)
            throws InterruptedException, ExecutionException {
        create(kafka, topic, 1);
    }

    /** Creates the topic and waits until its partitions are hosted, so that it can be written at once. */
    static void create(KafkaConnection kafka, String topic, int partitions)
            throws InterruptedException, ExecutionException {
        try (Admin admin = kafka.admin()) {
            int replicas =
                    kafka.embedded()
                            ? 1
                            : Math.min(3, admin.describeCluster().nodes().get().size());
            admin.createTopics(List.of(new NewTopic(topic, partitions, (short) replicas)))
                    .all()
                    .get();
            TopicSetup.awaitHosted(admin, topic, partitions);
        } catch (TimeoutException e) {
            throw new ExecutionException(topic + ": its partitions were not hosted in time", e);
        }
    }

    static void delete(KafkaConnection kafka, String topic)
            throws InterruptedException, ExecutionException {
        try (Admin admin = kafka.admin()) {
            admin.deleteTopics(List.of(topic)).all().get();
        }
    }

    /** Publishes events 0 .. n-1 and returns the bytes of their values. */
    static long publish(KafkaConnection kafka, String topic, TrialEvents events, long n) {
        Map<String, Object> props = new HashMap<>(kafka.clientProperties());
        props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, topic + ".publisher");
        props.put(ProducerConfig.LINGER_MS_CONFIG, 10);
        props.put(ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024);
        EventCodec codec = new EventCodec();
        long bytes = 0;
        try (var producer =
                new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer())) {
            producer.initTransactions();
            for (long i = 0; i < n; i += EVENTS_PER_TRANSACTION) {
                producer.beginTransaction();
                for (long j = i; j < Math.min(n, i + EVENTS_PER_TRANSACTION); j++) {
                    TrialTimed event = events.event(j);
                    byte[] value = codec.encode(event);
                    bytes += value.length;
                    producer.send(
                            new ProducerRecord<>(
                                    topic,
                                    event.getRunId().getBytes(StandardCharsets.UTF_8),
                                    value));
                }
                producer.commitTransaction();
            }
        }
        return bytes;
    }
}
