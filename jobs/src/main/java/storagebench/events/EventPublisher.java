package storagebench.events;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
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
 * StallReport}), and one that gives up names the brokers it cannot reach.
 */
public final class EventPublisher implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(EventPublisher.class);

    /** Every storagebench transactional id is this followed by the run id. */
    public static final String TRANSACTIONAL_ID_PREFIX = "storagebench-";

    /** How long a transaction may stay open before the coordinator aborts it (a killed producer's). */
    public static final Duration TRANSACTION_TIMEOUT = Duration.ofSeconds(60);

    /** The longest pause between a producer's retries and reconnects (Kafka's default: 1 s). */
    static final Duration BACKOFF_MAX = Duration.ofMillis(250);

    /** How long one blocking producer call waits before the publisher checks on the broker. */
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);

    private final KafkaConnection kafka;
    private final KafkaProducer<byte[], byte[]> producer;
    private final String topic;
    private final Duration grace;
    private final EventCodec codec = new EventCodec();
    private final StallReport stall;
    private Map<Integer, Node> leaders = Map.of();
    private volatile String lost;

    public EventPublisher(KafkaConnection kafka, String transactionalId) {
        this.kafka = kafka;
        this.grace = kafka.settings().kafkaGrace();
        Map<String, Object> props = kafka.clientProperties();
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(
                ProducerConfig.TRANSACTIONAL_ID_CONFIG, TRANSACTIONAL_ID_PREFIX + transactionalId);
        props.putIfAbsent(
                ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, (int) TRANSACTION_TIMEOUT.toMillis());
        props.putIfAbsent(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) CALL_TIMEOUT.toMillis());
        props.putIfAbsent(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        props.putIfAbsent(
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) grace.plusSeconds(20).toMillis());
        // Failover: while a lost leader is being replaced the producer retries, its backoff growing
        // to
        // 1 s by default, so it learned of the new leader up to a second late (measured on a local
        // cluster: 1.5 s median after the controller fenced the broker; 1.1 s with these).
        props.putIfAbsent(ProducerConfig.RETRY_BACKOFF_MAX_MS_CONFIG, (int) BACKOFF_MAX.toMillis());
        props.putIfAbsent(
                ProducerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, (int) BACKOFF_MAX.toMillis());
        this.producer =
                new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer());
        this.topic = kafka.settings().topic();
        this.stall = new StallReport(kafka, topic);
        try {
            withGrace(
                    "initialising the transactions of " + transactionalId,
                    producer::initTransactions,
                    new Silence());
        } catch (RuntimeException e) {
            producer.close(Duration.ZERO);
            throw e;
        }
    }

    /** Publishes the events, keyed by run id, in one transaction; returns after the broker's acks. */
    public void publish(String runId, List<? extends SpecificRecord> events) {
        byte[] key = runId.getBytes(StandardCharsets.UTF_8);
        send(events, event -> key);
    }

    /**
     * Publishes events of any runs in one transaction, each keyed by its own {@code run_id} (so each
     * run's events stay on one partition, as if its runner had published them); returns after the acks.
     */
    public void publishEach(List<? extends SpecificRecord> events) {
        send(
                events,
                event ->
                        String.valueOf(event.get(event.getSchema().getField("run_id").pos()))
                                .getBytes(StandardCharsets.UTF_8));
    }

    private void send(List<? extends SpecificRecord> events, Function<SpecificRecord, byte[]> key) {
        if (events.isEmpty()) {
            return;
        }
        if (lost != null) {
            throw new BrokerLostException(lost);
        }
        long began = System.nanoTime();
        // where the producer sends now, from its own metadata (no request): named if this is slow
        leaders = stall.leaders(producer);
        Silence silence = new Silence();
        while (true) {
            producer.beginTransaction();
            try {
                Set<Integer> partitions = transaction(events, key, silence);
                Duration waited = Duration.ofNanos(System.nanoTime() - began);
                // a producer's first publish also loads its metadata: only a long one is news
                if (waited.compareTo(leaders.isEmpty() ? CALL_TIMEOUT : StallReport.SLOW) > 0) {
                    log.warn(stall.describe(waited, leaders, partitions));
                }
                return;
            } catch (BrokerLostException e) {
                throw e;
            } catch (KafkaException e) {
                if (!retriable(e)) {
                    abort();
                    throw new PublishException(
                            "could not publish "
                                    + events.size()
                                    + " event(s) to "
                                    + topic
                                    + ": "
                                    + e.getMessage(),
                            e);
                }
                // A send failed for want of the broker, so the transaction cannot have committed:
                // end it and send
                // the events again once the broker is back.
                silence.waited("sending " + events.size() + " event(s)");
                withGrace("aborting the unsent transaction", producer::abortTransaction, silence);
            } catch (ExecutionException e) {
                abort();
                throw new PublishException(
                        "could not publish "
                                + events.size()
                                + " event(s) to "
                                + topic
                                + ": "
                                + e.getCause().getMessage(),
                        e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                abort();
                throw new PublishException("interrupted while publishing", e);
            }
        }
    }

    /**
     * Sends the events, then commits: commitTransaction flushes at once (no linger) and fails if a send
     * failed. Returns the partitions written.
     */
    private Set<Integer> transaction(
            List<? extends SpecificRecord> events,
            Function<SpecificRecord, byte[]> key,
            Silence silence)
            throws ExecutionException, InterruptedException {
        List<Future<RecordMetadata>> acks = new ArrayList<>(events.size());
        for (SpecificRecord event : events) {
            ProducerRecord<byte[], byte[]> record =
                    new ProducerRecord<>(topic, key.apply(event), codec.encode(event));
            record.headers()
                    .add(
                            "storagebench.type",
                            EventType.of(event).schemaName().getBytes(StandardCharsets.UTF_8));
            acks.add(producer.send(record));
        }
        withGrace(
                "committing " + events.size() + " event(s)", producer::commitTransaction, silence);
        Set<Integer> partitions = new HashSet<>();
        for (Future<RecordMetadata> ack : acks) {
            partitions.add(ack.get().partition());
        }
        return partitions;
    }

    /** Runs a blocking producer call again each time it times out, while the silence is within the grace period. */
    private static void withGrace(String what, Runnable call, Silence silence) {
        while (true) {
            try {
                call.run();
                return;
            } catch (TimeoutException e) {
                silence.waited(what);
            }
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
        private final long deadline = System.nanoTime() + grace.toNanos();

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
        String unreachable = stall.unreachableNow(leaders.values());
        boolean single = kafka.nodes().size() <= 1;
        return (single ? "the Kafka broker at " : "the Kafka cluster at ")
                + kafka.bootstrapServers()
                + " did not answer for "
                + grace.toSeconds()
                + " s (kafka.grace-seconds) while "
                + what
                + (unreachable.isEmpty()
                        ? single
                                ? ""
                                : ": every broker accepts connections (too few in-sync replicas"
                                        + " for min.insync.replicas, or no controller quorum?)"
                        : ": cannot reach " + unreachable);
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

    private void abort() {
        try {
            producer.abortTransaction();
        } catch (KafkaException ignored) {
            // the transaction is already dead; the broker times it out
        }
    }

    @Override
    public void close() {
        producer.close(lost() ? Duration.ZERO : CALL_TIMEOUT);
    }

    /** The broker did not answer within the grace period: nothing more can be published. */
    public static class BrokerLostException extends PublishException {
        public BrokerLostException(String message) {
            super(message, null);
        }
    }

    /** Events could not be published; the chunk must not commit. */
    public static class PublishException extends RuntimeException {
        public PublishException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
