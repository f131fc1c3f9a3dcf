package storagebench.events;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.AbortTransactionSpec;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeProducersResult;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListTransactionsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.DataDir;
import storagebench.ProcessLock;
import storagebench.broker.KafkaConnection;
import storagebench.broker.KafkaConnection.KafkaUnavailableException;

/**
 * Makes a topic's committed messages final before someone decides from them what is done: a
 * transaction left open by a killed producer holds back what read_committed readers see (the last
 * stable offset), and would add its messages later — after a restarted run had already run those
 * trials again. {@link #settle} waits until every message written before it was called is committed
 * or aborted. Open transactions of runs whose process is gone (their run folder's lock is free) are
 * fenced at once, which aborts them; others are waited for, bounded, until the coordinator times them out.
 * A transaction that holds the topic back while no coordinator knows it (a broker killed between writing
 * a transaction's messages and recording the transaction) can never end by itself: after
 * {@link #HANGING_AFTER}, and unlisted by every coordinator for as long again, it is aborted on its
 * partition.
 */
public final class OpenTransactions {
    private static final Logger log = LoggerFactory.getLogger(OpenTransactions.class);

    /** Longer than a producer's transaction timeout ({@link EventPublisher#TRANSACTION_TIMEOUT}) plus the coordinator's check. */
    public static final Duration WAIT = EventPublisher.TRANSACTION_TIMEOUT.plusSeconds(30);

    /**
     * How long the wait goes on before transactions no coordinator lists are suspected, and how long
     * one stays unlisted before it is taken as hanging.
     */
    static final Duration HANGING_AFTER = Duration.ofSeconds(20);

    /** How often the suspects are looked at again. */
    private static final Duration LOOK_EVERY = Duration.ofSeconds(1);

    /** The states in which a coordinator still holds a transaction and will end it itself. */
    private static final List<TransactionState> HELD =
            List.of(
                    TransactionState.ONGOING,
                    TransactionState.PREPARE_COMMIT,
                    TransactionState.PREPARE_ABORT,
                    TransactionState.PREPARE_EPOCH_FENCE);

    private static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");
    private static final long POLL_MS = 100;

    private OpenTransactions() {}

    /** Returns once everything written to {@code topic} before this call is committed or aborted. */
    public static void settle(KafkaConnection kafka, String topic) {
        try (Admin admin = kafka.admin()) {
            List<TopicPartition> partitions =
                    admin
                            .describeTopics(List.of(topic))
                            .allTopicNames()
                            .get(KafkaConnection.REACH_TIMEOUT.toSeconds(), TimeUnit.SECONDS)
                            .get(topic)
                            .partitions()
                            .stream()
                            .map(p -> new TopicPartition(topic, p.partition()))
                            .toList();
            Map<TopicPartition, Long> written =
                    offsets(admin, partitions, IsolationLevel.READ_UNCOMMITTED);
            long deadline = System.nanoTime() + WAIT.toNanos();
            long hanging = System.nanoTime() + HANGING_AFTER.toNanos();
            boolean fenced = false;
            boolean hangingAborted = false;
            Map<List<Long>, Long> suspects = new HashMap<>();
            long lastLook = 0;
            boolean said = false;
            while (true) {
                Map<TopicPartition, Long> stable =
                        offsets(admin, partitions, IsolationLevel.READ_COMMITTED);
                long held =
                        written.entrySet().stream()
                                .mapToLong(e -> Math.max(0, e.getValue() - stable.get(e.getKey())))
                                .sum();
                if (held == 0) {
                    if (said) {
                        log.info("the open transactions of {} have ended", topic);
                    }
                    return;
                }
                if (!fenced) {
                    fenced = true;
                    if (fenceDeadRuns(admin, kafka.settings().runsDir()) > 0) {
                        continue;
                    }
                }
                if (!hangingAborted
                        && System.nanoTime() > hanging
                        && System.nanoTime() - lastLook > LOOK_EVERY.toNanos()) {
                    lastLook = System.nanoTime();
                    if (abortHanging(admin, partitions, suspects) > 0) {
                        hangingAborted = true;
                        continue;
                    }
                }
                if (System.nanoTime() > deadline) {
                    throw new KafkaUnavailableException(
                            "open transactions still hold back "
                                    + held
                                    + " message(s) of "
                                    + topic
                                    + " after "
                                    + WAIT.toSeconds()
                                    + " s ("
                                    + open(admin)
                                    + "); try again once they"
                                    + " end");
                }
                if (!said) {
                    said = true;
                    log.info(
                            "waiting for open transactions to end before reading {} (up to {} s): {}",
                            topic,
                            WAIT.toSeconds(),
                            open(admin));
                }
                Thread.sleep(POLL_MS);
            }
        } catch (TimeoutException e) {
            throw new KafkaUnavailableException(
                    "cannot read the offsets of "
                            + topic
                            + ": the broker at "
                            + kafka.bootstrapServers()
                            + " does not answer"
                            + (kafka.embedded()
                                    ? " (its log: <data-dir>/kafka/broker.out; restart it with"
                                            + " storagebench broker stop, then run the command"
                                            + " again)"
                                    : ""));
        } catch (ExecutionException e) {
            throw new KafkaUnavailableException(
                    "cannot read the offsets of "
                            + topic
                            + " at "
                            + kafka.bootstrapServers()
                            + ": "
                            + (e.getCause() != null ? e.getCause().getMessage() : e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KafkaUnavailableException(
                    "interrupted while waiting for open transactions of " + topic);
        }
    }

    private static Map<TopicPartition, Long> offsets(
            Admin admin, List<TopicPartition> partitions, IsolationLevel isolation)
            throws InterruptedException, ExecutionException, TimeoutException {
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        partitions.forEach(tp -> latest.put(tp, OffsetSpec.latest()));
        Map<TopicPartition, Long> offsets = new HashMap<>();
        admin.listOffsets(latest, new ListOffsetsOptions(isolation))
                .all()
                .get(KafkaConnection.REACH_TIMEOUT.toSeconds(), TimeUnit.SECONDS)
                .forEach((tp, info) -> offsets.put(tp, info.offset()));
        return offsets;
    }

    /** Fences the ongoing transactions of runs of this data directory whose process is gone; returns how many. */
    private static int fenceDeadRuns(Admin admin, Path runsDir)
            throws InterruptedException, ExecutionException, TimeoutException {
        int fenced = 0;
        for (TransactionListing open : ongoing(admin)) {
            Optional<String> runId = runIdOf(open.transactionalId());
            if (runId.isEmpty() || !Files.isDirectory(runsDir.resolve(runId.get()))) {
                continue;
            }
            Optional<ProcessLock> lock = tryLock(runsDir.resolve(runId.get()));
            if (lock.isPresent()) {
                try (ProcessLock held = lock.get()) {
                    admin.fenceProducers(List.of(open.transactionalId()))
                            .all()
                            .get(KafkaConnection.REACH_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                    log.info(
                            "aborted the open transaction of run {}, whose process is gone",
                            runId.get());
                    fenced++;
                }
            }
        }
        return fenced;
    }

    /**
     * Aborts, on its partition, each open transaction that no coordinator has held for {@link
     * #HANGING_AFTER}: an active producer with a transaction start offset whose producer id no
     * coordinator listed as ongoing or preparing, in every look since it was first seen so. A broker
     * just started may list none while it still loads its transactions (one it committed but had not
     * marked yet among them): a transaction is aborted only once it stayed unlisted that long, by then
     * its coordinator has loaded it and ends it itself. Returns how many.
     *
     * @param suspects per (partition, producer id, epoch, start offset) not held at the last look, when
     *     first seen so; kept from look to look
     */
    private static int abortHanging(
            Admin admin, List<TopicPartition> partitions, Map<List<Long>, Long> suspects)
            throws InterruptedException, ExecutionException, TimeoutException {
        Set<Long> held =
                admin
                        .listTransactions(new ListTransactionsOptions().filterStates(HELD))
                        .all()
                        .get(KafkaConnection.REACH_TIMEOUT.toSeconds(), TimeUnit.SECONDS)
                        .stream()
                        .map(TransactionListing::producerId)
                        .collect(Collectors.toSet());
        int aborted = 0;
        Map<List<Long>, Long> seen = new HashMap<>();
        for (Map.Entry<TopicPartition, DescribeProducersResult.PartitionProducerState> partition :
                admin.describeProducers(partitions)
                        .all()
                        .get(KafkaConnection.REACH_TIMEOUT.toSeconds(), TimeUnit.SECONDS)
                        .entrySet()) {
            for (ProducerState producer : partition.getValue().activeProducers()) {
                if (producer.currentTransactionStartOffset().isEmpty()
                        || held.contains(producer.producerId())) {
                    continue;
                }
                List<Long> key =
                        List.of(
                                (long) partition.getKey().partition(),
                                producer.producerId(),
                                (long) producer.producerEpoch(),
                                producer.currentTransactionStartOffset().getAsLong());
                long since = suspects.getOrDefault(key, System.nanoTime());
                seen.put(key, since);
                if (System.nanoTime() - since >= HANGING_AFTER.toNanos()) {
                    admin.abortTransaction(
                                    new AbortTransactionSpec(
                                            partition.getKey(),
                                            producer.producerId(),
                                            (short) producer.producerEpoch(),
                                            producer.coordinatorEpoch().orElse(-1)))
                            .all()
                            .get(KafkaConnection.REACH_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                    log.warn(
                            "aborted a transaction of producer {} on {} that no coordinator holds (a broker"
                                    + " killed while it was written); its messages were never committed",
                            producer.producerId(),
                            partition.getKey());
                    aborted++;
                }
            }
        }
        suspects.clear();
        suspects.putAll(seen);
        return aborted;
    }

    private static List<TransactionListing> ongoing(Admin admin)
            throws InterruptedException, ExecutionException, TimeoutException {
        return List.copyOf(
                admin.listTransactions(
                                new ListTransactionsOptions()
                                        .filterStates(List.of(TransactionState.ONGOING)))
                        .all()
                        .get(KafkaConnection.REACH_TIMEOUT.toSeconds(), TimeUnit.SECONDS));
    }

    private static String open(Admin admin) {
        try {
            List<String> ids =
                    ongoing(admin).stream().map(TransactionListing::transactionalId).toList();
            return ids.isEmpty()
                    ? "transactions being completed"
                    : "open: " + String.join(", ", ids);
        } catch (ExecutionException | TimeoutException e) {
            return "open transactions unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "open transactions unknown";
        }
    }

    static Optional<String> runIdOf(String transactionalId) {
        String prefix = EventPublisher.TRANSACTIONAL_ID_PREFIX;
        if (!transactionalId.startsWith(prefix)) {
            return Optional.empty();
        }
        String id = transactionalId.substring(prefix.length());
        return RUN_ID.matcher(id).matches() && !id.contains("..")
                ? Optional.of(id)
                : Optional.empty();
    }

    private static Optional<ProcessLock> tryLock(Path runDir) {
        if (!Files.exists(DataDir.runLock(runDir))) {
            return Optional.empty();
        }
        try {
            return ProcessLock.tryTake(DataDir.runLock(runDir));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
