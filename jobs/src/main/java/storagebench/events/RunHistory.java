package storagebench.events;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import storagebench.broker.KafkaConnection;

/**
 * What the topic already holds of one run: how often it started and which trials have results.
 * The topic is the source of truth, so a restarted run asks it which trials to skip.
 *
 * @param starts RunStarted events of the run
 * @param trialsDone indexes of trials whose events are committed
 * @param trialsFailed indexes of those with a failed step
 */
public record RunHistory(int starts, Set<Integer> trialsDone, Set<Integer> trialsFailed) {

    public static final RunHistory NONE = new RunHistory(0, Set.of(), Set.of());

    public static RunHistory read(KafkaConnection kafka, String runId) {
        Map<String, Object> props = kafka.clientProperties();
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 8 * 1024 * 1024);
        byte[] key = runId.getBytes(StandardCharsets.UTF_8);
        EventCodec codec = new EventCodec();
        int starts = 0;
        Set<Integer> done = new HashSet<>();
        Set<Integer> failed = new HashSet<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props, new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            String topic = kafka.settings().topic();
            List<TopicPartition> partitions = consumer.partitionsFor(topic, KafkaConnection.REACH_TIMEOUT).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            while (partitions.stream().anyMatch(tp -> consumer.position(tp) < end.get(tp))) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                    if (!Arrays.equals(key, record.key())) {
                        continue;
                    }
                    try {
                        Object event = codec.decode(record.value());
                        if (event instanceof RunStarted) {
                            starts++;
                        } else if (event instanceof TrialTimed trial) {
                            done.add(trial.getTrialIndex());
                            if (trial.getOutcome() == Outcome.FAILED) {
                                failed.add(trial.getTrialIndex());
                            }
                        }
                    } catch (UndecodableEventException e) {
                        // not ours to judge here; the sink sends it to the dead-letter topic
                    }
                }
            }
        }
        return new RunHistory(starts, Set.copyOf(done), Set.copyOf(failed));
    }
}
