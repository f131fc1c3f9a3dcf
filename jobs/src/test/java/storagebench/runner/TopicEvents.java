package storagebench.runner;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import storagebench.broker.KafkaConnection;
import storagebench.events.EventCodec;

/** Reads every committed event of the topic, every partition, decoded, for assertions. */
public final class TopicEvents {
    private TopicEvents() {}

    public static List<SpecificRecord> all(KafkaConnection kafka) throws Exception {
        List<SpecificRecord> events = new ArrayList<>();
        read(kafka, "read_committed", (offset, event) -> events.add(event));
        return events;
    }

    /**
     * Every event in the log, committed, aborted or still open, each as {@code partition:offset
     * event}: what a failed count shows, to tell a transaction aborted from one never written.
     */
    public static List<String> uncommitted(KafkaConnection kafka) throws Exception {
        List<String> lines = new ArrayList<>();
        read(kafka, "read_uncommitted", (at, event) -> lines.add(at + " " + event));
        return lines;
    }

    private interface Each {
        void event(String at, SpecificRecord event);
    }

    private static void read(KafkaConnection kafka, String isolation, Each each) throws Exception {
        Map<String, Object> props = kafka.clientProperties();
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation);
        EventCodec codec = new EventCodec();
        try (var consumer =
                new KafkaConsumer<>(
                        props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            String topic = kafka.settings().topic();
            List<TopicPartition> partitions =
                    consumer.partitionsFor(topic).stream()
                            .map(p -> new TopicPartition(topic, p.partition()))
                            .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            while (partitions.stream().anyMatch(tp -> consumer.position(tp) < end.get(tp))) {
                for (var record : consumer.poll(Duration.ofMillis(200))) {
                    each.event(
                            record.partition() + ":" + record.offset(),
                            codec.decode(record.value()));
                }
            }
        }
    }

    /** How many partitions the settings' topic has. */
    public static int partitions(KafkaConnection kafka) throws Exception {
        String topic = kafka.settings().topic();
        try (Admin admin = kafka.admin()) {
            return admin.describeTopics(List.of(topic))
                    .allTopicNames()
                    .get()
                    .get(topic)
                    .partitions()
                    .size();
        }
    }

    public static <T> List<T> of(List<SpecificRecord> events, Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }
}
