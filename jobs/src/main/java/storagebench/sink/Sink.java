package storagebench.sink;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.Hostname;
import storagebench.Sha256;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.events.EventCodec;
import storagebench.storage.DatasetStore;

/**
 * The events topic as a Parquet dataset, exactly once, by one or several sink processes on one host or
 * many: the sinks of a dataset form one Kafka consumer group and share the topic's partitions; a
 * partition's files are written by one sink at a time.
 *
 * <p>Why exactly once holds, also after {@code kill -9} and on replay: the dataset itself records how
 * far it got. Per topic-partition, {@code _offsets/<topic>+<partition>} holds the next offset to
 * read; every event before it is in a finished file (or was dead-lettered, acknowledged), none at or
 * after it is. Files are written under a hidden temporary name in their final folder and only a roll
 * makes them visible: it finishes <em>all</em> open files of the partition (one offset range fans out
 * to one file per table, experiment and date), fsyncs and renames each, and only then replaces the
 * marker atomically. A crash before the marker moves leaves temporary files and perhaps renamed files
 * starting at or after the marker; when a sink takes the partition, {@link Recovery} deletes both and
 * consumption resumes at the marker, so those events are written once more and only once. A crash
 * after the marker moves loses nothing. A replay into a fresh folder yields the same rows, in files
 * named by the offsets they hold. The marker, not the consumer group's offset, decides where to
 * resume; the group's offset follows the marker (for lag monitoring, and for {@link GroupIdle}).
 *
 * <p>Several sinks: the group assigns partitions (cooperative-sticky); {@link Membership} takes a
 * partition once its lock is free (on a local dataset an operating-system lock per partition: a sink
 * frozen past its session timeout still holds it), recovers and positions it; a partition revoked is
 * rolled before it goes, a lost one discarded. Before every roll the writer asks the {@link Fence}
 * whether the partition is still this sink's (the group coordinator answers), so a sink that was away
 * past its session timeout never publishes files of a partition another sink has taken.
 *
 * <p>Even an event that reaches the topic twice reaches the dataset once: {@link Duplicates} drops an
 * event whose id the sink's partitions already hold, its offset passed over like a dead letter's.
 *
 * <p>Two threads share the work: a {@link SinkReader} polls and decodes (the group's rebalances
 * happen inside its polls), a {@link SinkWriter} on the caller's thread writes and rolls; a small
 * bounded queue between them keeps the heap bounded and keeps assignments, batches and releases in
 * order. Everything exactly-once rests on (files, marker, ids) happens on the writing thread, in
 * offset order. Events are read with {@code isolation.level=read_committed}, so events of a trial
 * whose transaction was aborted never reach the dataset.
 */
public final class Sink implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Sink.class);
    private static final int QUEUED_BATCHES = 3;
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);

    /** How long {@link #runUntilIdle(Settings, KafkaConnection)} waits at the end for late events. */
    public static final Duration QUIET = Duration.ofMillis(1200);

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final DeadLetters deadLetters;
    private final PartitionLocks locks;
    private final RollPolicy policy;
    private final String topic;
    private final Map<TopicPartition, PartitionSink> partitions = new HashMap<>();
    private final Offsets offsets = new Offsets();
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final AtomicBoolean rollSoon = new AtomicBoolean();
    private final SinkSpec spec;
    private final Fence fence;
    private final String groupId;

    private Sink(Settings settings, Map<String, Object> client, String topic, SinkSpec spec) {
        this.spec = spec;
        this.topic = topic;
        this.policy = RollPolicy.of(settings);
        this.fence = new Fence();
        this.locks = new PartitionLocks(spec.lockFolder());
        Map<String, Object> props = new HashMap<>(client);
        if (spec.groupId() != null) {
            props.put(ConsumerConfig.GROUP_ID_CONFIG, spec.groupId());
        } else {
            props.putIfAbsent(ConsumerConfig.GROUP_ID_CONFIG, groupId(settings));
        }
        this.groupId = String.valueOf(props.get(ConsumerConfig.GROUP_ID_CONFIG));
        // the group gives a silent sink's partitions to the others after this; heartbeats 3 a
        // period
        int session = (int) settings.sinkSessionTimeout().toMillis();
        props.putIfAbsent(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, session);
        props.putIfAbsent(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, session / 3);
        this.consumer =
                new KafkaConsumer<>(
                        consumerProperties(props),
                        new ByteArrayDeserializer(),
                        new ByteArrayDeserializer());
        this.deadLetters =
                spec.deadLetters()
                        ? new DeadLetters(topic + ".dead-letter", client)
                        : DeadLetters.countingOnly();
    }

    /** A sink of the settings' topic into the settings' dataset; it joins its group when it runs. */
    public static Sink open(Settings settings, KafkaConnection kafka) {
        return open(settings, kafka, SinkSpec.live(settings));
    }

    /** A sink of the settings' topic as {@code spec} says (a replay's). */
    static Sink open(Settings settings, KafkaConnection kafka, SinkSpec spec) {
        return new Sink(settings, kafka.clientProperties(), settings.topic(), spec);
    }

    /**
     * Sinks everything committed to the topic so far, then returns (the {@code run} command's and
     * {@code sink --until-idle}'s entry point); with other sinks in the group, once the whole group has
     * everything in the dataset.
     */
    public static SinkResult runUntilIdle(Settings settings, KafkaConnection kafka) {
        try (Sink sink = open(settings, kafka)) {
            return sink.runUntilIdle(QUIET);
        }
    }

    /**
     * The consumer group of the settings' dataset: one per dataset, so that every sink of a dataset
     * (on any host) shares its partitions, and sinks of different datasets (each host's local folder,
     * a replay) never take partitions from each other. {@code kafka.client.group.id} overrides it.
     */
    public static String groupId(Settings settings) {
        String identity =
                settings.dataset().remote()
                        ? settings.dataset().toString()
                        : Hostname.get() + ":" + settings.parquetDir().toAbsolutePath().normalize();
        return settings.kafkaClient()
                .getOrDefault(
                        ConsumerConfig.GROUP_ID_CONFIG,
                        "storagebench-sink-" + Sha256.hex(identity).substring(0, 12));
    }

    /**
     * How many processes sink the settings' dataset now (the members of its consumer group), or -1
     * when the cluster does not say.
     */
    public static int running(Settings settings, KafkaConnection kafka) {
        String group = groupId(settings);
        try (Admin admin = kafka.admin()) {
            ConsumerGroupDescription description =
                    admin.describeConsumerGroups(List.of(group))
                            .describedGroups()
                            .get(group)
                            .get(KafkaConnection.REACH_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            return description.members().size();
        } catch (ExecutionException | TimeoutException e) {
            log.debug("cannot describe consumer group {}: {}", group, e.getMessage());
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** The consumer settings of the sink (also used by the benchmark's plain consumer). */
    public static Map<String, Object> consumerProperties(Map<String, Object> client) {
        Map<String, Object> props = new HashMap<>(client);
        props.putIfAbsent(ConsumerConfig.GROUP_ID_CONFIG, "storagebench-sink");
        props.putIfAbsent(
                ConsumerConfig.CLIENT_ID_CONFIG,
                "storagebench-sink-" + ProcessHandle.current().pid());
        props.putIfAbsent(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000);
        props.putIfAbsent(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 4 * 1024 * 1024);
        props.putIfAbsent(
                ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG,
                CooperativeStickyAssignor.class.getName());
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        return props;
    }

    /** Consumes until {@link #stop()} is called, then rolls every open file. */
    public SinkResult run() {
        return consume(null);
    }

    /**
     * Consumes until the whole group has everything committed in the dataset and nothing new came for
     * {@code quiet} (zero: stop right at the end), or until {@link #stop()}; then rolls every open
     * file.
     */
    public SinkResult runUntilIdle(Duration quiet) {
        return consume(new GroupIdle(quiet, topic));
    }

    private SinkResult consume(GroupIdle end) {
        BlockingQueue<Fetched> queue = new ArrayBlockingQueue<>(QUEUED_BATCHES);
        SinkReader reader =
                new SinkReader(
                        consumer,
                        new EventCodec(),
                        deadLetters,
                        queue,
                        end,
                        stopping,
                        rollSoon,
                        offsets,
                        fence,
                        spec.filter());
        Membership membership =
                new Membership(consumer, opener(), locks, offsets, reader.handoff());
        reader.membership(membership);
        log.info(
                "sinking {} into {} as a member of consumer group {}",
                topic,
                spec.store().describe(),
                groupId);
        Duplicates ids = new Duplicates();
        SinkWriter writer = new SinkWriter(partitions, policy, ids, rollSoon, fence);
        // from here on the consumer is the reader thread's (Thread.start publishes what precedes
        // it)
        consumer.subscribe(List.of(topic), membership);
        Thread thread = new Thread(reader, "sink-reader");
        thread.start();
        boolean failed = true;
        try {
            writer.drain(queue, thread);
            failed = false;
        } finally {
            reader.writerDone(failed);
            join(thread);
        }
        SinkResult result = writer.result(deadLetters.count());
        if (result.duplicates() > 0) {
            log.warn(
                    "dropped {} duplicate event(s) whose id was already in the dataset, e.g. {}",
                    result.duplicates(),
                    ids.examples());
        }
        log.info("sink done: {}", result.summary());
        return result;
    }

    /** How a partition this sink is given is recovered, positioned and written. */
    private Membership.Opener opener() {
        DatasetStore store = spec.store();
        Recovery recovery = new Recovery(store);
        OffsetMarker marker = new OffsetMarker(store);
        Partitioner partitioner = new HivePartitioner();
        ParquetFormat format = new ParquetFormat(policy.bytes());
        return new Membership.Opener() {
            @Override
            public OptionalLong recover(TopicPartition tp) {
                return recovery.recover(tp.topic(), tp.partition());
            }

            @Override
            public void seekStart(Consumer<?, ?> consumer, TopicPartition tp) {
                spec.startAt().seek(consumer, tp);
            }

            @Override
            public PartitionSink open(TopicPartition tp, long start) {
                RecordWriter writer =
                        new FanOutWriter(store, tp.topic(), tp.partition(), partitioner, format);
                return new PartitionSink(tp, writer, marker, deadLetters, offsets, start);
            }

            @Override
            public CompletableFuture<Map<TopicPartition, EventIds>> ids(Set<TopicPartition> tps) {
                return Duplicates.readInBackground(store, tps);
            }
        };
    }

    private static void join(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Asks a running sink to roll what it has written, at its next turn (within a fraction of a
     * second), without waiting for the idle roll; safe from any thread.
     */
    public void rollSoon() {
        rollSoon.set(true);
    }

    /**
     * Asks a running sink to roll and return (within its poll time, a fraction of a second); safe from
     * any thread, e.g. a shutdown hook.
     */
    public void stop() {
        stopping.set(true);
    }

    @Override
    public void close() {
        partitions.values().forEach(PartitionSink::close);
        partitions.clear();
        try {
            deadLetters.close();
            consumer.close(CloseOptions.timeout(CLOSE_TIMEOUT));
        } finally {
            locks.close();
            spec.store().close();
        }
    }
}
