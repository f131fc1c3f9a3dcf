package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.KafkaConnection;
import storagebench.cli.Main;
import storagebench.config.Settings;

class DeadLetterIT {
    private static final byte[] GARBAGE = "{\"not\": \"avro\"}".getBytes(StandardCharsets.UTF_8);
    private static final byte[] UNKNOWN_FINGERPRINT = {
        (byte) 0xC3, 0x01, 1, 2, 3, 4, 5, 6, 7, 8, 0x02, 0x41
    };

    @TempDir Path data;

    @Test
    void undecodableMessagesGoToTheDeadLetterTopicAndTheRestToTheDataset() throws Exception {
        // given: good events, then garbage, an unknown schema and a tombstone, then good events
        // again
        Settings settings = Settings.load(null, Map.of(), Map.of("data-dir", data.toString()));
        List<SpecificRecord> good =
                new ArrayList<>(
                        TestEvents.run("file-io", 4, Instant.parse("2024-01-01T10:00:00Z")));
        List<SpecificRecord> later =
                TestEvents.run("file-io", 3, Instant.parse("2024-01-02T10:00:00Z"));
        good.addAll(later);
        try (KafkaConnection kafka = KafkaConnection.open(settings)) {
            TestEvents.publish(kafka, settings.topic(), good.subList(0, 6), 6);
            long garbageOffset = send(kafka, settings.topic(), GARBAGE);
            long unknownOffset = send(kafka, settings.topic(), UNKNOWN_FINGERPRINT);
            long nullOffset = send(kafka, settings.topic(), null);
            TestEvents.publish(kafka, settings.topic(), later, 2);

            // when
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            PrintStream stdout = System.out;
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            int exit;
            try {
                exit = Main.execute("sink", "--until-idle", "--data-dir", data.toString());
            } finally {
                System.setOut(stdout);
            }

            // then
            assertThat(exit).isZero();
            assertThat(out.toString(StandardCharsets.UTF_8)).contains("3 dead letters");
            SinkIT.assertExactlyOnce(new Dataset(settings.parquetDir()), good);
            List<ConsumerRecord<byte[], byte[]>> letters =
                    readAll(kafka, settings.deadLetterTopic(), 3);
            assertThat(letters)
                    .extracting(r -> header(r, DeadLetters.OFFSET))
                    .containsExactly(
                            Long.toString(garbageOffset),
                            Long.toString(unknownOffset),
                            Long.toString(nullOffset));
            assertThat(letters)
                    .allSatisfy(
                            r -> {
                                assertThat(header(r, DeadLetters.TOPIC))
                                        .isEqualTo(settings.topic());
                                assertThat(header(r, DeadLetters.PARTITION)).isEqualTo("0");
                                assertThat(new String(r.key(), StandardCharsets.UTF_8))
                                        .isEqualTo("bad-key");
                            });
            assertThat(letters.get(0).value()).isEqualTo(GARBAGE);
            assertThat(header(letters.get(0), DeadLetters.REASON))
                    .contains("not Avro single-object encoding");
            assertThat(letters.get(1).value()).isEqualTo(UNKNOWN_FINGERPRINT);
            assertThat(header(letters.get(1), DeadLetters.REASON))
                    .contains("unknown schema fingerprint");
            assertThat(letters.get(2).value()).isNull();
            assertThat(header(letters.get(2), DeadLetters.REASON)).contains("null value");
            assertThat(letters.get(2).headers().lastHeader("origin")).isNotNull();
        }
    }

    private static long send(KafkaConnection kafka, String topic, byte[] value) throws Exception {
        try (var producer =
                new KafkaProducer<>(
                        kafka.clientProperties(),
                        new ByteArraySerializer(),
                        new ByteArraySerializer())) {
            var record =
                    new ProducerRecord<>(topic, "bad-key".getBytes(StandardCharsets.UTF_8), value);
            record.headers().add("origin", "test".getBytes(StandardCharsets.UTF_8));
            RecordMetadata sent = producer.send(record).get();
            return sent.offset();
        }
    }

    private static List<ConsumerRecord<byte[], byte[]>> readAll(
            KafkaConnection kafka, String topic, int expected) {
        Map<String, Object> props = new HashMap<>(kafka.clientProperties());
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        List<ConsumerRecord<byte[], byte[]>> all = new ArrayList<>();
        try (var consumer =
                new KafkaConsumer<>(
                        props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            TopicPartition tp = new TopicPartition(topic, 0);
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (all.size() < expected && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(all::add);
            }
        }
        return all;
    }

    private static String header(ConsumerRecord<byte[], byte[]> record, String key) {
        Header header = record.headers().lastHeader(key);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
