package storagebench.events;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.apache.avro.specific.SpecificRecord;
import storagebench.broker.KafkaConnection;

/**
 * What the topic already holds of one run: how often it started, which trials have results, whether
 * it completed. The topic is the one record of a run's progress: a continued run asks it which trials
 * are left, and nothing else.
 *
 * @param starts RunStarted events of the run
 * @param trialsDone indexes of trials whose events are committed
 * @param trialsFailed indexes of those with a failed step
 * @param unfinished attempts with a RunStarted and no RunFinished: killed, or ended while the broker
 *     was away
 * @param completed whether an attempt finished COMPLETED: nothing is left to run
 */
public record RunHistory(
        int starts,
        Set<Integer> trialsDone,
        Set<Integer> trialsFailed,
        Set<Integer> unfinished,
        boolean completed) {

    public static final RunHistory NONE = new RunHistory(0, Set.of(), Set.of(), Set.of(), false);

    public static RunHistory read(KafkaConnection kafka, String runId) {
        int[] starts = {0};
        Set<Integer> done = new HashSet<>();
        Set<Integer> failed = new HashSet<>();
        Set<Integer> started = new TreeSet<>();
        Set<Integer> finished = new HashSet<>();
        boolean[] completed = {false};
        events(
                kafka,
                runId,
                event -> {
                    if (event instanceof RunStarted start) {
                        starts[0]++;
                        started.add(start.getAttempt());
                    } else if (event instanceof RunFinished end) {
                        finished.add(end.getAttempt());
                        completed[0] |= end.getStatus() == RunStatus.COMPLETED;
                    } else if (event instanceof TrialTimed trial) {
                        done.add(trial.getTrialIndex());
                        if (trial.getOutcome() == Outcome.FAILED) {
                            failed.add(trial.getTrialIndex());
                        }
                    }
                });
        started.removeAll(finished);
        return new RunHistory(
                starts[0],
                Set.copyOf(done),
                Set.copyOf(failed),
                Collections.unmodifiableSet(started),
                completed[0]);
    }

    /**
     * Hands every committed event of one run (the messages keyed by its id) to {@code visitor}, in the
     * order they were published. Messages that do not decode are passed over: the sink dead-letters them.
     */
    public static void events(
            KafkaConnection kafka, String runId, Consumer<SpecificRecord> visitor) {
        byte[] key = runId.getBytes(StandardCharsets.UTF_8);
        EventCodec codec = new EventCodec();
        TopicScan.each(
                kafka,
                kafka.settings().topic(),
                record -> {
                    if (Arrays.equals(key, record.key())) {
                        try {
                            visitor.accept(codec.decode(record.value()));
                        } catch (UndecodableEventException e) {
                            // not ours to judge here
                        }
                    }
                });
    }

    /**
     * As {@link #events(KafkaConnection, String, Consumer)} for several runs in one scan of the topic:
     * every committed event of each, with its run's id.
     */
    public static void events(
            KafkaConnection kafka,
            Collection<String> runIds,
            BiConsumer<String, SpecificRecord> visitor) {
        Map<ByteBuffer, String> keys = new HashMap<>();
        runIds.forEach(id -> keys.put(ByteBuffer.wrap(id.getBytes(StandardCharsets.UTF_8)), id));
        EventCodec codec = new EventCodec();
        TopicScan.each(
                kafka,
                kafka.settings().topic(),
                record -> {
                    String runId =
                            record.key() == null ? null : keys.get(ByteBuffer.wrap(record.key()));
                    if (runId != null) {
                        try {
                            visitor.accept(runId, codec.decode(record.value()));
                        } catch (UndecodableEventException e) {
                            // not ours to judge here
                        }
                    }
                });
    }
}
