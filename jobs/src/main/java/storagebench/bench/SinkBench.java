package storagebench.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import storagebench.bench.SinkBenchReport.Rate;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.events.TrialTimed;
import storagebench.sink.RecordWriter;
import storagebench.sink.RollPolicy;
import storagebench.sink.Sink;
import storagebench.sink.SinkResult;

/**
 * The three throughputs the sink is judged by, each timed with {@link System#nanoTime()} from
 * creating its client or writer to its last file closed: (a) a plain consumer reading the topic's
 * bytes, (b) the sink's Parquet writer fed decoded events from memory, (c) the sink end to end.
 */
final class SinkBench {
    private static final int CHUNK = 10_000;

    private SinkBench() {}

    /** (a): every message from the beginning to the end offsets, bytes only. */
    static Rate plainConsumer(KafkaConnection kafka, String topic) {
        Map<String, Object> props = Sink.consumerProperties(kafka.clientProperties());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "storagebench-bench");
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "storagebench-bench");
        long start = System.nanoTime();
        long count = 0;
        try (var consumer =
                new KafkaConsumer<>(
                        props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = new ArrayList<>();
            consumer.partitionsFor(topic)
                    .forEach(p -> partitions.add(new TopicPartition(topic, p.partition())));
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            while (!partitions.stream().allMatch(tp -> consumer.position(tp) >= end.get(tp))) {
                for (ConsumerRecord<byte[], byte[]> record :
                        consumer.poll(Duration.ofMillis(100))) {
                    count += record.value() != null ? 1 : 0;
                }
            }
        }
        return new Rate(count, System.nanoTime() - start);
    }

    /** (b): the sink's writer (partitioning, files, rolls) fed events already in memory. */
    static Rate writerAlone(TrialEvents events, long n, RollPolicy policy, Path datasetDir)
            throws IOException {
        TrialTimed[] chunk = new TrialTimed[CHUNK];
        long timed = 0;
        long start = System.nanoTime();
        try (RecordWriter writer = BenchDataset.writer(datasetDir, policy.bytes())) {
            timed += System.nanoTime() - start;
            for (long i = 0; i < n; i += CHUNK) {
                int size = (int) Math.min(CHUNK, n - i);
                for (int j = 0; j < size; j++) {
                    chunk[j] = events.event(i + j);
                }
                start = System.nanoTime();
                for (int j = 0; j < size; j++) {
                    writer.write(chunk[j], i + j);
                    if (policy.afterWrite(writer) != null) {
                        writer.commit();
                    }
                }
                timed += System.nanoTime() - start;
            }
            start = System.nanoTime();
            writer.commit();
            timed += System.nanoTime() - start;
        }
        return new Rate(n, timed);
    }

    /** (c): topic to dataset, stopping at the end of the topic (nothing else publishes to it). */
    static Rate sink(KafkaConnection kafka, Settings settings, String topic, Path dataDir) {
        Settings own = settings.withDataDir(dataDir).withTopic(topic);
        long start = System.nanoTime();
        SinkResult result;
        try (Sink sink = Sink.open(own, kafka)) {
            result = sink.runUntilIdle(Duration.ZERO);
        }
        return new Rate(result.rows(), System.nanoTime() - start);
    }
}
