package storagebench.sink;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.ProcessLock;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.events.EventCodec;
import storagebench.storage.DatasetStore;

/**
 * The events topic as a Parquet dataset, exactly once.
 *
 * <p>Why exactly once holds, also after {@code kill -9} and on replay: the dataset itself records how
 * far it got. Per topic-partition, {@code _offsets/<topic>+<partition>} holds the next offset to
 * read; every event before it is in a finished file (or was dead-lettered, acknowledged), none at or
 * after it is. Files are written under a hidden temporary name in their final folder and only a roll
 * makes them visible: it finishes <em>all</em> open files of the partition (one offset range fans out
 * to one file per table, experiment and date), fsyncs and renames each, and only then replaces the
 * marker atomically. A crash before the marker moves leaves temporary files and perhaps renamed files
 * starting at or after the marker; on start {@link Recovery} deletes both and consumption resumes at
 * the marker, so those events are written once more and only once. A crash after the marker moves
 * loses nothing. A replay into a fresh folder yields the same rows, in files named by the offsets they
 * hold. The offset is also committed to Kafka after each roll, for lag monitoring only: the marker,
 * not the consumer group, decides where to resume. A file lock keeps a second sink off the dataset.
 *
 * <p>Even an event that reaches the topic twice reaches the dataset once: {@link Duplicates} drops an
 * event whose id the dataset already holds, its offset passed over like a dead letter's. Its set of
 * ids is rebuilt on start from the files recovery left, so it agrees with the markers; it is read on a
 * thread of its own while the reader starts fetching.
 *
 * <p>Two threads share the work: a {@link SinkReader} polls and decodes, a {@link SinkWriter} on the
 * caller's thread writes and rolls; a small bounded queue between them keeps the heap bounded. Everything exactly-once rests
 * on (files, marker, ids) happens on the writing thread, in offset order.
 *
 * <p>The sink assigns itself every partition of the topic (partitions added while it runs are picked
 * up at its next start) and reads with {@code isolation.level=read_committed}, so events of a trial
 * whose transaction was aborted never reach the dataset.
 */
public final class Sink implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Sink.class);
    private static final int QUEUED_BATCHES = 3;

    /** How long {@link #runUntilIdle(Settings, KafkaConnection)} waits at the end for late events. */
    public static final Duration QUIET = Duration.ofMillis(1200);

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final DeadLetters deadLetters;
    private final ProcessLock lock;
    private final RollPolicy policy;
    private final Map<TopicPartition, PartitionSink> partitions = new HashMap<>();
    private final Map<TopicPartition, Long> durable = new ConcurrentHashMap<>();
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final AtomicBoolean rollSoon = new AtomicBoolean();
    private final SinkSpec spec;
    private final CompletableFuture<Duplicates> duplicates;

    private Sink(Settings settings, Map<String, Object> client, String topic, SinkSpec spec) {
        this.spec = spec;
        this.policy = RollPolicy.of(settings);
        try {
            this.lock = DatasetLock.acquire(spec.lockFolder());
        } catch (RuntimeException e) {
            spec.store().close();
            throw e;
        }
        Map<String, Object> props = new HashMap<>(client);
        if (spec.groupId() != null) {
            props.put(ConsumerConfig.GROUP_ID_CONFIG, spec.groupId());
            props.put(ConsumerConfig.CLIENT_ID_CONFIG, spec.groupId());
        }
        this.consumer =
                new KafkaConsumer<>(
                        consumerProperties(props),
                        new ByteArrayDeserializer(),
                        new ByteArrayDeserializer());
        this.deadLetters =
                spec.deadLetters()
                        ? new DeadLetters(topic + ".dead-letter", client)
                        : DeadLetters.countingOnly();
        try {
            assignAndRecover(topic, spec.store());
            this.duplicates = Duplicates.readInBackground(spec.store());
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** A sink of the settings' topic into the settings' dataset, recovered and positioned. */
    public static Sink open(Settings settings, KafkaConnection kafka) {
        return open(settings, kafka, SinkSpec.live(settings));
    }

    /** A sink of the settings' topic as {@code spec} says (a replay's), recovered and positioned. */
    static Sink open(Settings settings, KafkaConnection kafka, SinkSpec spec) {
        return new Sink(settings, kafka.clientProperties(), settings.topic(), spec);
    }

    /**
     * Sinks everything committed to the topic so far, then returns (the {@code run} command's and
     * {@code sink --until-idle}'s entry point).
     *
     * @throws DatasetLockedException when another sink is writing to the dataset
     */
    public static SinkResult runUntilIdle(Settings settings, KafkaConnection kafka) {
        try (Sink sink = open(settings, kafka)) {
            return sink.runUntilIdle(QUIET);
        }
    }

    /** The consumer settings of the sink (also used by the benchmark's plain consumer). */
    public static Map<String, Object> consumerProperties(Map<String, Object> client) {
        Map<String, Object> props = new HashMap<>(client);
        props.putIfAbsent(ConsumerConfig.GROUP_ID_CONFIG, "storagebench-sink");
        props.putIfAbsent(ConsumerConfig.CLIENT_ID_CONFIG, "storagebench-sink");
        props.putIfAbsent(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000);
        props.putIfAbsent(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 4 * 1024 * 1024);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        return props;
    }

    private void assignAndRecover(String topic, DatasetStore store) {
        List<TopicPartition> assigned = new ArrayList<>();
        consumer.partitionsFor(topic)
                .forEach(p -> assigned.add(new TopicPartition(topic, p.partition())));
        consumer.assign(assigned);
        Recovery recovery = new Recovery(store);
        OffsetMarker marker = new OffsetMarker(store);
        Partitioner partitioner = new HivePartitioner();
        ParquetFormat format = new ParquetFormat(policy.bytes());
        for (TopicPartition tp : assigned) {
            OptionalLong next = recovery.recover(tp.topic(), tp.partition());
            if (next.isPresent()) {
                consumer.seek(tp, next.getAsLong());
            } else {
                spec.startAt().seek(consumer, tp);
            }
            RecordWriter writer =
                    new FanOutWriter(store, tp.topic(), tp.partition(), partitioner, format);
            long start = next.isPresent() ? next.getAsLong() : consumer.position(tp);
            partitions.put(
                    tp, new PartitionSink(tp, writer, marker, deadLetters, durable::put, start));
        }
        log.info("sinking {} partition(s) of {} into {}", assigned.size(), topic, store.describe());
    }

    /** Consumes until {@link #stop()} is called, then rolls every open file. */
    public SinkResult run() {
        return consume(null);
    }

    /**
     * Consumes until the consumer has reached the end of every partition and nothing new came for
     * {@code quiet} (zero: stop right at the end), or until {@link #stop()}; then rolls every open file.
     */
    public SinkResult runUntilIdle(Duration quiet) {
        return consume(new EndOfTopic(quiet));
    }

    private SinkResult consume(EndOfTopic end) {
        BlockingQueue<Fetched> queue = new ArrayBlockingQueue<>(QUEUED_BATCHES);
        SinkReader reader =
                new SinkReader(
                        consumer,
                        new EventCodec(),
                        deadLetters,
                        queue,
                        end,
                        stopping,
                        durable,
                        spec.filter());
        Thread thread = new Thread(reader, "sink-reader");
        thread.start();
        boolean failed = true;
        Duplicates ids;
        SinkWriter writer;
        try {
            ids = await(duplicates); // the reader fetches meanwhile; nothing is written before
            // the ids are known
            writer = new SinkWriter(partitions, policy, ids, rollSoon);
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

    private static Duplicates await(CompletableFuture<Duplicates> duplicates) {
        try {
            return duplicates.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw e;
        }
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

    /** Asks a running sink to roll and return; safe from any thread, e.g. a shutdown hook. */
    public void stop() {
        stopping.set(true);
        consumer.wakeup();
    }

    @Override
    public void close() {
        partitions.values().forEach(PartitionSink::close);
        try {
            deadLetters.close();
            consumer.close();
        } finally {
            lock.close();
            spec.store().close();
        }
    }
}
