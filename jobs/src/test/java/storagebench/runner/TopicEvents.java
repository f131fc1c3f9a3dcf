package storagebench.runner;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import storagebench.broker.KafkaConnection;
import storagebench.events.EventCodec;

/** Reads every committed event of the topic, decoded, for assertions. */
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
            TopicPartition tp = new TopicPartition(kafka.settings().topic(), 0);
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            long end = consumer.endOffsets(List.of(tp)).get(tp);
            while (consumer.position(tp) < end) {
                for (var record : consumer.poll(Duration.ofMillis(200))) {
                    events.add(codec.decode(record.value()));
                }
            }
        }
        return events;
    }

    public static <T> List<T> of(List<SpecificRecord> events, Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }
}
