package storagebench.sink;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import storagebench.broker.KafkaConnection;
import storagebench.events.EventCodec;
import storagebench.events.TopicScan;
import storagebench.events.UndecodableEventException;

/**
 * Publishes runs in the background while a test does harm to the sinks, as runners would: one
 * transactional producer, one transaction per {@code perTransaction} events, keyed by run id, at
 * about {@code perSecond} events a second, until {@link #finish()} or {@code total} events.
 *
 * <p>A transaction the broker fails (a timeout on a loaded machine, a transaction it refused as
 * INVALID_TXN_STATE) leaves the producer unusable: a new one with the same transactional id ends it,
 * committed or not, and the publisher goes on with the next run. So what was published is what the
 * topic holds as committed, read by {@link #committed}, never what this thread believes it sent. Any
 * other failure stops the publisher, and {@link #assertPublishing} and {@link #await} report it.
 */
final class BackgroundPublisher extends Thread {
    private static final int FAILURES_IN_A_ROW = 5;

    private final KafkaConnection kafka;
    private final String topic;
    private final IntFunction<List<SpecificRecord>> runs;
    private final int perTransaction;
    private final long total;
    private final long perSecond;
    private final AtomicLong sent = new AtomicLong();
    private volatile boolean finishing;
    private volatile Throwable failure;
    private volatile long started;

    /**
     * @param runs the events of the {@code n}th run
     * @param perSecond the pace, 0 for as fast as it goes
     */
    BackgroundPublisher(
            KafkaConnection kafka,
            String topic,
            IntFunction<List<SpecificRecord>> runs,
            int perTransaction,
            long total,
            long perSecond) {
        super("publisher");
        setDaemon(true);
        this.kafka = kafka;
        this.topic = topic;
        this.runs = runs;
        this.perTransaction = perTransaction;
        this.total = total;
        this.perSecond = perSecond;
    }

    /**
     * Runs of 10 events, one transaction per 4, in three experiments an hour apart, at about 50
     * events a second: a steady stream rather than a flood, so a restarted sink has fewer files to
     * index at its start.
     */
    static BackgroundPublisher crashRuns(KafkaConnection kafka, String topic) {
        Instant start = Instant.parse("2024-02-01T00:00:00Z");
        return new BackgroundPublisher(
                kafka,
                topic,
                run -> TestEvents.run("crash-" + run % 3, 10, start.plusSeconds(run * 3600L)),
                4,
                Long.MAX_VALUE,
                50);
    }

    /** Events in transactions the broker said it committed. */
    long sent() {
        return sent.get();
    }

    /** Ends the stream after the transaction under way, short of {@code total} events. */
    void finish() {
        finishing = true;
    }

    /** Fails the test, with the publisher's own error, if the publisher stopped before its end. */
    void assertPublishing(String when) {
        if (!isAlive()) {
            throw new AssertionError("the publisher stopped " + when, failure);
        }
    }

    /** Waits for the stream's end; fails the test with the publisher's own error. */
    void await() throws InterruptedException {
        join();
        if (failure != null) {
            throw new AssertionError("the publisher failed", failure);
        }
    }

    /** Ends the stream after the transaction under way and waits for it, as {@link #await}. */
    void end() throws InterruptedException {
        finish();
        await();
        System.out.printf(
                "publisher: %,d events committed in %.1f s%n",
                sent.get(), (System.nanoTime() - started) / 1e9);
    }

    @Override
    public void run() {
        try {
            publish();
        } catch (Throwable e) {
            failure = e;
        }
    }

    private void publish() {
        Map<String, Object> props = new HashMap<>(kafka.clientProperties());
        props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "test-" + UUID.randomUUID());
        EventCodec codec = new EventCodec();
        long start = System.nanoTime();
        started = start;
        KafkaProducer<byte[], byte[]> producer = producer(props);
        int failed = 0;
        try {
            for (int run = 0; sent.get() < total && !finishing; run++) {
                List<SpecificRecord> events = runs.apply(run);
                events = events.subList(0, (int) Math.min(events.size(), total - sent.get()));
                for (int i = 0; i < events.size() && !finishing; i += perTransaction) {
                    List<SpecificRecord> batch =
                            events.subList(i, Math.min(events.size(), i + perTransaction));
                    try {
                        producer.beginTransaction();
                        for (SpecificRecord event : batch) {
                            producer.send(
                                    new ProducerRecord<>(
                                            topic,
                                            TestEvents.runId(event)
                                                    .getBytes(StandardCharsets.UTF_8),
                                            codec.encode(event)));
                        }
                        producer.commitTransaction();
                        failed = 0;
                    } catch (KafkaException e) {
                        if (++failed == FAILURES_IN_A_ROW) {
                            throw e;
                        }
                        System.out.println(
                                "publisher: a new producer, and the next run, after " + e);
                        producer.close(Duration.ZERO);
                        producer = producer(props);
                        break;
                    }
                    sent.addAndGet(batch.size());
                    pace(start);
                }
            }
        } finally {
            producer.close();
        }
    }

    /** Every committed event of {@code topic}, decoded, in order within each partition. */
    static List<SpecificRecord> committed(KafkaConnection kafka, String topic) {
        List<SpecificRecord> events = new ArrayList<>();
        eachCommitted(kafka, topic, events::add);
        return events;
    }

    /** Hands every committed event of {@code topic}, decoded, to {@code visitor}. */
    static void eachCommitted(
            KafkaConnection kafka, String topic, Consumer<SpecificRecord> visitor) {
        EventCodec codec = new EventCodec();
        TopicScan.each(
                kafka,
                topic,
                record -> {
                    try {
                        visitor.accept(codec.decode(record.value()));
                    } catch (UndecodableEventException e) {
                        throw new AssertionError("the topic holds an undecodable message", e);
                    }
                });
    }

    private static KafkaProducer<byte[], byte[]> producer(Map<String, Object> props) {
        KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer());
        producer.initTransactions();
        return producer;
    }

    private void pace(long start) {
        if (perSecond <= 0) {
            return;
        }
        long due = start + sent.get() * 1_000_000_000L / perSecond;
        long wait = due - System.nanoTime();
        if (wait > 0) {
            try {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                finishing = true;
            }
        }
    }
}
