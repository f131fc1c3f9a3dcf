package storagebench.sink;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.storage.DatasetStore;

/**
 * The sink's second line of defence for exactly once: an event whose {@code event_id} is already in
 * the dataset, in a finished file of a partition this sink owns or in one open since the last roll,
 * is dropped and counted (a producer that sent it twice, a trial re-run whose first transaction
 * became visible late). Event ids are deterministic and include the run id, and a run's events are
 * keyed by it, so a duplicate comes on the partition of its first copy; a sink that owns every
 * partition (one sink per dataset) also catches one that came on another partition.
 *
 * <p>The ids are kept per partition: when a partition is assigned, after its recovery, the ids of its
 * finished files are read (on a thread of their own, while the consumer starts fetching; nothing of
 * that partition is written before they are known); when it is revoked or lost they are forgotten
 * with it, so the ids of a file that was discarded (a lost partition's open file) never count. Not
 * thread-safe: the writing thread alone uses it.
 */
final class Duplicates {
    private static final Logger log = LoggerFactory.getLogger(Duplicates.class);
    static final int EXAMPLES = 5;

    private final Map<TopicPartition, CompletableFuture<EventIds>> loading = new HashMap<>();
    private final Map<TopicPartition, EventIds> written = new HashMap<>();
    private final List<String> examples = new ArrayList<>(EXAMPLES);
    private final Fingerprints fingerprints = new Fingerprints();
    private final long[] fingerprint = new long[2];
    private long dropped;

    /** The ids of what the partitions' finished files hold, read in the background (call it after their recovery). */
    static CompletableFuture<Map<TopicPartition, EventIds>> readInBackground(
            DatasetStore store, Set<TopicPartition> partitions) {
        CompletableFuture<Map<TopicPartition, EventIds>> read = new CompletableFuture<>();
        Thread thread =
                new Thread(
                        () -> {
                            try {
                                read.complete(DatasetIds.read(store, partitions));
                            } catch (Throwable e) {
                                read.completeExceptionally(e);
                            }
                        },
                        "sink-ids");
        thread.setDaemon(true);
        thread.start();
        return read;
    }

    /** From now on the partition's events are checked against {@code ids} (once read) and added to them. */
    void track(TopicPartition partition, CompletableFuture<EventIds> ids) {
        written.remove(partition);
        loading.put(partition, ids);
    }

    /** The partition is no longer this sink's: its ids no longer count. */
    void forget(TopicPartition partition) {
        written.remove(partition);
        loading.remove(partition);
    }

    /** True for an event not written before, whose id now counts as written; false for a duplicate. */
    boolean firstTime(TopicPartition partition, SpecificRecord event) {
        fingerprints.of(Fingerprints.idOf(event), fingerprint, 0);
        return firstTime(partition, event, fingerprint[0], fingerprint[1]);
    }

    /** {@link #firstTime(TopicPartition, SpecificRecord)} for an event whose id's fingerprint is known. */
    boolean firstTime(TopicPartition partition, SpecificRecord event, long hi, long lo) {
        awaitLoaded();
        EventIds own = written.get(partition);
        if (own == null) {
            throw new IllegalStateException(partition + " is not tracked by this sink");
        }
        boolean seen = false;
        for (EventIds ids : written.values()) {
            if (ids != own && ids.contains(hi, lo)) {
                seen = true;
                break;
            }
        }
        if (!seen && own.add(hi, lo)) {
            return true;
        }
        String id = Fingerprints.idOf(event);
        dropped++;
        if (examples.size() < EXAMPLES) {
            examples.add(id);
        }
        if (dropped == 1) {
            log.warn("dropped event {}: an event with this id is already in the dataset", id);
        }
        return false;
    }

    /** Whether the partition's ids are known, i.e. whether its events can be written. */
    boolean tracks(TopicPartition partition) {
        return written.containsKey(partition) || loading.containsKey(partition);
    }

    private void awaitLoaded() {
        if (loading.isEmpty()) {
            return;
        }
        for (Map.Entry<TopicPartition, CompletableFuture<EventIds>> e : loading.entrySet()) {
            try {
                written.put(e.getKey(), e.getValue().join());
            } catch (CompletionException failed) {
                if (failed.getCause() instanceof RuntimeException cause) {
                    throw cause;
                }
                throw failed;
            }
        }
        loading.clear();
    }

    long dropped() {
        return dropped;
    }

    /** The first few dropped ids. */
    List<String> examples() {
        return List.copyOf(examples);
    }
}
