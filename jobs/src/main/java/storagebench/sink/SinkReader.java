package storagebench.sink;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.events.EventCodec;
import storagebench.events.UndecodableEventException;

/**
 * The sink's reading half, on its own thread so that fetching and decoding overlap with writing
 * Parquet: polls, decodes, dead-letters what does not decode, fingerprints the event ids, and hands
 * batches to the writer through a small bounded queue (which bounds the heap). It alone touches the
 * consumer, so it also commits the offsets the writer's rolls made durable (for lag monitoring; the
 * dataset's marker is what counts).
 */
final class SinkReader implements Runnable {
    private static final Logger log = LoggerFactory.getLogger(SinkReader.class);
    private static final Duration POLL = Duration.ofMillis(200);

    private final Consumer<byte[], byte[]> consumer;
    private final EventCodec codec;
    private final DeadLetters deadLetters;
    private final BlockingQueue<Fetched> queue;
    private final EndOfTopic end;
    private final AtomicBoolean stopping;
    private final Map<TopicPartition, Long> durable;
    private final Predicate<SpecificRecord> filter;
    private final Fingerprints fingerprints = new Fingerprints();
    private final CountDownLatch writerDone = new CountDownLatch(1);
    private volatile boolean abandoned;

    /**
     * @param end when to stop by itself, or null to run until {@code stopping}
     * @param filter events that fail it are handed on as passed over, like dead letters
     */
    SinkReader(
            Consumer<byte[], byte[]> consumer,
            EventCodec codec,
            DeadLetters deadLetters,
            BlockingQueue<Fetched> queue,
            EndOfTopic end,
            AtomicBoolean stopping,
            Map<TopicPartition, Long> durable,
            Predicate<SpecificRecord> filter) {
        this.filter = filter;
        this.consumer = consumer;
        this.codec = codec;
        this.deadLetters = deadLetters;
        this.queue = queue;
        this.end = end;
        this.stopping = stopping;
        this.durable = durable;
    }

    @Override
    public void run() {
        Fetched last;
        try {
            last = read();
        } catch (WakeupException e) {
            last = new Fetched.End(RollPolicy.Reason.STOP);
        } catch (RuntimeException e) {
            last = new Fetched.Failed(e);
        }
        if (last != null && hand(last)) {
            awaitWriter();
            commit(true);
        }
    }

    private Fetched read() {
        while (!stopping.get()) {
            ConsumerRecords<byte[], byte[]> records = consumer.poll(POLL);
            for (TopicPartition tp : records.partitions()) {
                if (!hand(decode(tp, records.records(tp)))) {
                    return null;
                }
            }
            commit(false);
            if (end != null && end.reached(consumer, records.count(), System.nanoTime())) {
                return new Fetched.End(RollPolicy.Reason.END);
            }
        }
        return new Fetched.End(RollPolicy.Reason.STOP);
    }

    private Fetched.Batch decode(TopicPartition tp, List<ConsumerRecord<byte[], byte[]>> records) {
        SpecificRecord[] events = new SpecificRecord[records.size()];
        long[] offsets = new long[records.size()];
        long[] ids = new long[2 * records.size()];
        for (int i = 0; i < events.length; i++) {
            ConsumerRecord<byte[], byte[]> record = records.get(i);
            offsets[i] = record.offset();
            try {
                if (record.value() == null) {
                    throw new UndecodableEventException("null value", null);
                }
                SpecificRecord event = codec.decode(record.value());
                if (filter.test(event)) {
                    events[i] = event;
                    fingerprints.of(Fingerprints.idOf(event), ids, 2 * i);
                }
            } catch (UndecodableEventException e) {
                deadLetters.send(record, e.getMessage());
            }
        }
        return new Fetched.Batch(tp, events, offsets, ids);
    }

    /** Queues for the writer; false when the writer gave up. */
    private boolean hand(Fetched fetched) {
        try {
            while (!queue.offer(fetched, 100, TimeUnit.MILLISECONDS)) {
                if (abandoned) {
                    return false;
                }
            }
            return !abandoned;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void commit(boolean sync) {
        if (durable.isEmpty()) {
            return;
        }
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        durable.keySet().forEach(tp -> offsets.put(tp, new OffsetAndMetadata(durable.remove(tp))));
        try {
            if (sync) {
                commitSync(offsets);
            } else {
                consumer.commitAsync(
                        offsets,
                        (done, e) -> {
                            if (e instanceof RetriableException) {
                                done.forEach(
                                        (tp, offset) ->
                                                durable.merge(tp, offset.offset(), Math::max));
                            } else if (e != null) {
                                log.warn(
                                        "could not commit offsets {} to Kafka (the dataset's markers have them): {}",
                                        done,
                                        e.getMessage());
                            }
                        });
            }
        } catch (KafkaException e) {
            log.warn(
                    "could not commit offsets {} to Kafka (the dataset's markers have them): {}",
                    offsets,
                    e.getMessage());
        }
    }

    private void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets) {
        try {
            consumer.commitSync(offsets);
        } catch (WakeupException e) {
            consumer.commitSync(offsets);
        }
    }

    private void awaitWriter() {
        try {
            writerDone.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The writer has rolled its last files (or failed). */
    void writerDone(boolean failed) {
        abandoned |= failed;
        writerDone.countDown();
    }
}
