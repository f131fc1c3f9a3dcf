package storagebench.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.config.Settings;

class KafkaConnectionIT {
    @TempDir Path data;

    @Test
    void embeddedBrokerKeepsEventsAcrossRestarts() throws Exception {
        // given
        Settings settings = Settings.load(null, Map.of(), Map.of("data-dir", data.toString()));
        try (KafkaConnection kafka = KafkaConnection.open(settings);
                var producer =
                        new KafkaProducer<>(
                                kafka.clientProperties(),
                                new StringSerializer(),
                                new StringSerializer())) {
            producer.send(new ProducerRecord<>(settings.topic(), "k", "first")).get();
        }
        // when
        List<String> values = new ArrayList<>();
        try (KafkaConnection kafka = KafkaConnection.open(settings);
                var consumer =
                        new KafkaConsumer<>(
                                kafka.clientProperties(),
                                new StringDeserializer(),
                                new StringDeserializer())) {
            TopicPartition tp = new TopicPartition(settings.topic(), 0);
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (values.isEmpty() && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                    values.add(r.value());
                }
            }
            // then
            assertThat(kafka.embedded()).isTrue();
        }
        assertThat(values).containsExactly("first");
    }

    @Test
    void unreachableClusterFailsWithAClearMessageInTime() {
        // given: nothing listens on this port
        Settings settings =
                Settings.load(
                        null,
                        Map.of(),
                        Map.of(
                                "data-dir",
                                data.toString(),
                                "kafka.bootstrap-servers",
                                "127.0.0.1:1"));
        long start = System.nanoTime();
        // when / then
        assertThatThrownBy(() -> KafkaConnection.open(settings))
                .isInstanceOf(KafkaConnection.KafkaUnavailableException.class)
                .hasMessageContaining("127.0.0.1:1");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
    }
}
