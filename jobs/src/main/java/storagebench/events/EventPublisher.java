package storagebench.events;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.broker.KafkaConnection;

/**
 * Publishes a run's events. Each call is one Kafka transaction that returns only once the broker
 * acknowledged it (idempotent producer, acks=all), so either all events of a trial are visible to
 * read_committed consumers or none are. The transactional id is the run id: a restarted run fences
 * off whatever the killed process left open.
 *
 * <p>Every call is bounded. When the broker stops answering, a call waits for it up to the settings'
 * {@code kafka.grace-seconds} (starting the embedded broker again if its process died; a broker back on
 * the same port is reconnected to by the producer itself) and then fails with {@link BrokerLostException};
 * a transaction whose commit went unanswered is only ever committed again, never aborted and re-sent,
 * so a trial is never published twice. On a cluster, the producer follows a lost leader's successor
 * by itself; a publish that took longer than a second says in one line what it waited for ({@link
 * StallReport}), and one that gives up names the brokers it cannot reach. A commit or abort that
 * gets no answer for 10 s is handed to a new producer, which finds the transaction coordinator anew
 * (a broker cut off from the others can go on answering that the transaction is still being
 * completed); what the old transaction came to is then read back from the topic, so it is sent
 * again only when it was not committed.
 */
public final class EventPublisher implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(EventPublisher.class);

    /** Every storagebench transactional id is this followed by the run id. */
    public static final String TRANSACTIONAL_ID_PREFIX = "storagebench-";

    /** How long a transaction may stay open before the coordinator aborts it (a killed producer's). */
    public static final Duration TRANSACTION_TIMEOUT = Duration.ofSeconds(60);

    /** How long one blocking producer call waits before the publisher checks on the broker. */
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);

    /** A commit or abort unanswered for this long is handed to a new producer ({@link #renew}). */
    static final Duration RENEW_AFTER = Duration.ofSeconds(10);

    /**
     * A transaction not read back within this long is looked for among those a restarted broker left
     * open ({@link CommitCheck#abortIfHanging}).
     */
    static final Duration HANGING_AFTER = Duration.ofSeconds(10);

    private final KafkaConnection kafka;
    private final String transactionalId;
    private final TransactionalProducers producers;
    private KafkaProducer<byte[], byte[]> producer;
    private final String topic;
    private final Duration grace;
    private final EventCodec codec = new EventCodec();
    private final EventSizeLimit sizeLimit;
    private final StallReport stall;
    private Map<Integer, Node> leaders = Map.of();

    /** The leaders the last slow publish named as leading its partitions as before. */
    private Map<Integer, Node> named = Map.of();

    private volatile String lost;

    /** The thread of {@link #publishLater}'s transactions, made at its first. */
    private ExecutorService committer;

    /** The publish handed over last, until awaited. */
    private CompletableFuture<Void> pending;

    /**
     * The transaction committed last, replaced by each later commit and forgotten once read back: the
     * one whose commit markers a broker's restart can lose ({@link #sendAgainIfHidden}).
     */
    private Committed lastCommitted;

    public EventPublisher(KafkaConnection kafka, String transactionalId) {
        this.kafka = kafka;
        this.grace = kafka.settings().kafkaGrace();
        this.topic = kafka.settings().topic();
        this.sizeLimit = EventSizeLimit.of(kafka.settings());
        this.stall = new StallReport(kafka, topic);
        this.transactionalId = TRANSACTIONAL_ID_PREFIX + transactionalId;
        this.producers = new TransactionalProducers(kafka, this.transactionalId, grace);
        Silence silence = new Silence();
        this.producer =
                producers.start(
                        () ->
                                silence.waited(
                                        "initialising the transactions of " + transactionalId));
    }

    /**
     * Publishes the events, keyed by run id, in one transaction; returns after the broker's acks. A
     * publish {@linkplain #publishLater handed over} before is awaited first.
     */
    public void publish(String runId, List<? extends SpecificRecord> events) {
        awaitPublished();
        byte[] key = runId.getBytes(StandardCharsets.UTF_8);
        send(events, event -> key);
    }

    /**
     * As {@link #publish}, but the transaction runs on the publisher's own thread: this returns once
     * the events are encoded and checked (one too large for the topic is refused here, whole), and
     * {@link #awaitPublished()} returns once the broker acknowledged the commit. The caller may do
     * other work meanwhile, never a measured phase: a trial's measured phase waits for the commit of
     * the trial before it. {@code published} runs after the commit, on the publisher's thread.
     */
    public void publishLater(
            String runId, List<? extends SpecificRecord> events, Runnable published) {
        awaitPublished();
        byte[] key = runId.getBytes(StandardCharsets.UTF_8);
        List<ProducerRecord<byte[], byte[]>> records = prepared(events, event -> key);
        if (records.isEmpty()) {
            published.run();
            return;
        }
        if (committer == null) {
            committer =
                    Executors.newSingleThreadExecutor(
                            task -> {
                                Thread thread = new Thread(task, "storagebench-publisher");
                                thread.setDaemon(true);
                                return thread;
                            });
        }
        pending =
                CompletableFuture.runAsync(
                        () -> {
                            transact(records, events.size());
                            published.run();
                        },
                        committer);
    }

    /**
     * Waits for the publish {@linkplain #publishLater handed over} last, if any, and throws what it
     * threw. Not interrupted: the commit under way is bounded by the grace period, and a trial whose
     * measured phase ended is recorded even when a stop was asked for meanwhile (the interrupt is kept
     * for the caller).
     */
    public void awaitPublished() {
        CompletableFuture<Void> waited = pending;
        if (waited == null) {
            return;
        }
        pending = null;
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    waited.get();
                    return;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof RuntimeException failure
                            ? failure
                            : new PublishException(
                                    "could not publish: " + e.getCause().getMessage(),
                                    e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Publishes events of any runs in one transaction, each keyed by its own {@code run_id} (so each
     * run's events stay on one partition, as if its runner had published them); returns after the acks.
     */
    public void publishEach(List<? extends SpecificRecord> events) {
        awaitPublished();
        send(
                events,
                event ->
                        String.valueOf(event.get(event.getSchema().getField("run_id").pos()))
                                .getBytes(StandardCharsets.UTF_8));
    }

    private void send(List<? extends SpecificRecord> events, Function<SpecificRecord, byte[]> key) {
        List<ProducerRecord<byte[], byte[]>> records = prepared(events, key);
        if (!records.isEmpty()) {
            transact(records, events.size());
        }
    }

    /**
     * The events as records, encoded and checked before any is sent (one too large for the topic is
     * refused whole); none for no events; refused when the broker is lost.
     */
    private List<ProducerRecord<byte[], byte[]>> prepared(
            List<? extends SpecificRecord> events, Function<SpecificRecord, byte[]> key) {
        if (events.isEmpty()) {
            return List.of();
        }
        if (lost != null) {
            throw new BrokerLostException(lost);
        }
        return records(events, key);
    }

    /**
     * One transaction of the records of {@code events} events (begin, the sends, commit), sent again
     * while the broker allows; returns after the broker's acks.
     */
    private void transact(List<ProducerRecord<byte[], byte[]>> records, int events) {
        long began = System.nanoTime();
        // where the producer sends now, from its own metadata (no request): named if this is slow
        leaders = stall.leaders(producer);
        if (!named.isEmpty()) {
            stall.movedSince(named, leaders).ifPresent(log::warn);
            named = Map.of();
        }
        Silence silence = new Silence();
        boolean renewed = false;
        boolean ended = false;
        while (true) {
            if (ended) {
                sendAgainIfHidden(silence);
            }
            producer.beginTransaction();
            List<Future<RecordMetadata>> acks = new ArrayList<>(events);
            try {
                records.forEach(record -> acks.add(producer.send(record)));
                withGrace(
                        "committing " + events + " event(s)",
                        producer::commitTransaction,
                        silence,
                        true);
                List<RecordMetadata> written = written(acks);
                lastCommitted = new Committed(records, written);
                report(began, Committed.partitions(written), stall.leaders(producer), renewed);
                return;
            } catch (Unanswered e) {
                // What was written is known before the producer goes: the commit is only ever
                // asked for once every record is acknowledged.
                List<RecordMetadata> written = allWritten(acks);
                renewed = true;
                renew(silence);
                if (!written.isEmpty() && committed(written.get(0), silence)) {
                    lastCommitted = new Committed(records, written);
                    // the new producer's metadata names who leads now (it asks once, within
                    // CALL_TIMEOUT): the line names a leader lost as the line of a publish that was
                    // not taken over does
                    report(began, Committed.partitions(written), stall.leaders(producer), true);
                    return;
                }
                // never committed, so aborted by the new producer: send the events again
                ended = true;
            } catch (BrokerLostException e) {
                throw e;
            } catch (KafkaException e) {
                if (!retriable(e)) {
                    abort();
                    throw notPublished(events, e);
                }
                // A send failed for want of the broker, so the transaction cannot have committed:
                // end it and send the events again once the broker is back.
                silence.waited("sending " + events + " event(s)");
                try {
                    withGrace(
                            "aborting the unsent transaction",
                            producer::abortTransaction,
                            silence,
                            true);
                } catch (Unanswered unanswered) {
                    renewed = true;
                    renew(silence);
                }
                ended = true;
            } catch (ExecutionException e) {
                abort();
                throw notPublished(events, e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                abort();
                throw new PublishException("interrupted while publishing", e);
            }
        }
    }

    /**
     * The events as records (sent in the transaction, which commitTransaction flushes at once: no
     * linger), each within {@link EventSizeLimit}.
     */
    private List<ProducerRecord<byte[], byte[]>> records(
            List<? extends SpecificRecord> events, Function<SpecificRecord, byte[]> key) {
        List<ProducerRecord<byte[], byte[]>> records = new ArrayList<>(events.size());
        for (SpecificRecord event : events) {
            byte[] k = key.apply(event);
            byte[] value = codec.encode(event);
            sizeLimit.check(event, k.length, value.length);
            ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(topic, k, value);
            record.headers()
                    .add(
                            "storagebench.type",
                            EventType.of(event).schemaName().getBytes(StandardCharsets.UTF_8));
            records.add(record);
        }
        return records;
    }

    private static List<RecordMetadata> written(List<Future<RecordMetadata>> acks)
            throws ExecutionException, InterruptedException {
        List<RecordMetadata> written = new ArrayList<>(acks.size());
        for (Future<RecordMetadata> ack : acks) {
            written.add(ack.get());
        }
        return written;
    }

    /**
     * Sends again, in a transaction of their own, the records of the transaction committed last in
     * each partition where they are no longer read as committed. A transaction's commit is
     * acknowledged once its coordinator recorded it, before its markers reach the partitions; a broker
     * killed in between and started again can complete it without its marker reaching a partition (as
     * in {@link CommitCheck#abortIfHanging}). The transaction then stays open in that partition, and
     * the next one that ends there without a commit (the transaction under way, aborted by the new
     * producer or by its own abort) ends it as aborted: its committed records read as aborted. Called
     * before a transaction that ended so is sent again, so that the events keep their order.
     */
    private void sendAgainIfHidden(Silence silence) {
        Committed last = lastCommitted;
        lastCommitted = null;
        if (last == null) {
            return;
        }
        List<ProducerRecord<byte[], byte[]>> hidden = new ArrayList<>();
        for (Map.Entry<Integer, List<Integer>> partition : last.byPartition().entrySet()) {
            RecordMetadata first = last.written().get(partition.getValue().get(0));
            if (!committed(first, silence)) {
                log.warn(
                        "the transaction at {}-{} offset {}, committed before the broker's"
                                + " restart, is read as aborted (its commit marker did not survive"
                                + " the restart); its {} event(s) there are sent again",
                        first.topic(),
                        first.partition(),
                        first.offset(),
                        partition.getValue().size());
                partition.getValue().forEach(i -> hidden.add(last.records().get(i)));
            }
        }
        if (!hidden.isEmpty()) {
            transact(hidden, hidden.size());
        }
    }

    /** A committed transaction's records and, in the same order, where the broker wrote them. */
    private record Committed(
            List<ProducerRecord<byte[], byte[]>> records, List<RecordMetadata> written) {

        /** The indexes of the records in each partition, in order. */
        Map<Integer, List<Integer>> byPartition() {
            Map<Integer, List<Integer>> partitions = new TreeMap<>();
            for (int i = 0; i < written.size(); i++) {
                partitions
                        .computeIfAbsent(written.get(i).partition(), p -> new ArrayList<>())
                        .add(i);
            }
            return partitions;
        }

        static Set<Integer> partitions(List<RecordMetadata> written) {
            Set<Integer> partitions = new HashSet<>();
            written.forEach(r -> partitions.add(r.partition()));
            return partitions;
        }
    }

    /** Every record as acknowledged, in order; empty when one was not (yet). */
    private static List<RecordMetadata> allWritten(List<Future<RecordMetadata>> acks) {
        List<RecordMetadata> written = new ArrayList<>(acks.size());
        try {
            for (Future<RecordMetadata> ack : acks) {
                if (!ack.isDone()) {
                    return List.of();
                }
                written.add(ack.get());
            }
            return written;
        } catch (ExecutionException e) {
            return List.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PublishException("interrupted while publishing", e);
        }
    }

    /**
     * Replaces the producer whose commit or abort goes unanswered: Kafka's producer keeps asking the
     * transaction coordinator it found, also a broker cut off from the others that answers from its old
     * view that the transaction is still being completed. The new producer looks the coordinator up
     * anew, and its initialisation ends the old transaction: completed if the coordinator recorded the
     * commit, else aborted.
     */
    private void renew(Silence silence) {
        producer.close(Duration.ZERO);
        producer = producers.start(() -> silence.waited("starting a new producer"));
    }

    /** Whether the transaction that begins with {@code first}, now ended, was committed. */
    private boolean committed(RecordMetadata first, Silence silence) {
        while (true) {
            long turn = Math.min(silence.deadline, System.nanoTime() + HANGING_AFTER.toNanos());
            Optional<Boolean> committed = CommitCheck.committed(kafka, first, turn);
            if (committed.isPresent()) {
                return committed.get();
            }
            try {
                if (CommitCheck.abortIfHanging(kafka, transactionalId, first)) {
                    log.warn(
                            "the transaction at {}-{} offset {} was left open by a broker's restart"
                                    + " (its markers never reached the partition); ended as aborted,"
                                    + " its events are sent again",
                            first.topic(),
                            first.partition(),
                            first.offset());
                    continue;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new PublishException("interrupted while publishing", e);
            }
            silence.waited("reading back an unanswered commit");
        }
    }

    /** One line when the publish was slow (a producer's first publish also loads its metadata). */
    private void report(
            long began, Set<Integer> partitions, Map<Integer, Node> now, boolean renewed) {
        Duration waited = Duration.ofNanos(System.nanoTime() - began);
        if (waited.compareTo(leaders.isEmpty() ? CALL_TIMEOUT : StallReport.SLOW) > 0) {
            named = stall.unchanged(leaders, now, partitions);
            log.warn(
                    stall.describe(waited, leaders, now, partitions)
                            + (renewed
                                    ? "; a new producer took the transaction over after "
                                            + RENEW_AFTER.toSeconds()
                                            + " s without an answer"
                                    : ""));
        }
    }

    /**
     * Runs a blocking producer call again each time it times out, while the silence is within the
     * grace period; a {@code renewable} call unanswered for {@link #RENEW_AFTER} throws {@link
     * Unanswered} instead.
     */
    private static void withGrace(String what, Runnable call, Silence silence, boolean renewable) {
        long since = System.nanoTime();
        while (true) {
            try {
                call.run();
                return;
            } catch (TimeoutException e) {
                silence.waited(what);
                if (renewable && System.nanoTime() - since >= RENEW_AFTER.toNanos()) {
                    throw new Unanswered();
                }
            }
        }
    }

    /** A commit or abort that got no answer for {@link #RENEW_AFTER}. */
    private static final class Unanswered extends RuntimeException {
        Unanswered() {
            super(null, null, false, false);
        }
    }

    /** Whether a failure is the broker's absence (a retriable error among its causes), worth waiting out. */
    static boolean retriable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof RetriableException) {
                return true;
            }
        }
        return false;
    }

    /**
     * How long the broker has been silent during one call, against the grace period. Nothing is said
     * while it lasts: a publish that ends up slow says in one line what it waited for, one that gives up
     * fails with {@link #lostMessage()}.
     */
    private final class Silence {
        final long deadline = System.nanoTime() + grace.toNanos();

        /** The broker did not answer {@code what}: wait on (reviving the embedded broker), or give up. */
        void waited(String what) {
            if (System.nanoTime() > deadline) {
                lost = lostAfter(what);
                throw new BrokerLostException(lost);
            }
            log.debug("no answer from Kafka at {} ({})", kafka.bootstrapServers(), what);
            kafka.revive();
        }
    }

    private String lostAfter(String what) {
        return stall.lost(grace, what, leaders.values());
    }

    /** What to tell the user once the broker is lost. */
    public String lostMessage() {
        return lost != null
                ? lost
                : "the Kafka broker at "
                        + kafka.bootstrapServers()
                        + " did not answer for "
                        + grace.toSeconds()
                        + " s (kafka.grace-seconds)";
    }

    /** Whether a call gave up on the broker: later calls fail at once. */
    public boolean lost() {
        return lost != null;
    }

    private PublishException notPublished(int events, Throwable cause) {
        return new PublishException(
                "could not publish " + events + " event(s) to " + topic + ": " + cause.getMessage(),
                cause);
    }

    private void abort() {
        try {
            producer.abortTransaction();
        } catch (KafkaException ignored) {
            // the transaction is already dead; the broker times it out
        }
    }

    @Override
    public void close() {
        if (pending != null) {
            // the caller's failure is under way; what the commit came to is read back from the
            // topic by whoever continues the run
            pending.exceptionally(e -> null).join();
            pending = null;
        }
        if (committer != null) {
            committer.shutdown();
        }
        producer.close(lost() ? Duration.ZERO : CALL_TIMEOUT);
    }

    /** The broker did not answer within the grace period: nothing more can be published. */
    public static class BrokerLostException extends PublishException {
        public BrokerLostException(String message) {
            super(message, null);
        }
    }

    /** Events could not be published: the run goes no further than the next measured phase. */
    public static class PublishException extends RuntimeException {
        public PublishException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
