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
        Map<String, Object> props = kafka.clientProperties();
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        EventCodec codec = new EventCodec();
        List<SpecificRecord> events = new ArrayList<>();
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
                    events.add(codec.decode(record.value()));
                }
            }
        }
        return events;
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
