package storagebench.sink;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.avro.specific.SpecificRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.storage.DatasetStore;

/**
 * The sink's second line of defence for exactly once: an event whose {@code event_id} is already in
 * the dataset, in a finished file or in one open since the last roll, is dropped and counted, at
 * whatever offset or partition it comes again (a producer that sent it twice, a trial re-run whose
 * first transaction became visible late). Event ids are deterministic and include the run id, so
 * one set of ids serves every run. On start the set is rebuilt from the finished files that recovery
 * left, which hold exactly the offsets before the markers; an id of a file that never got committed
 * is then forgotten together with the file, and its event, read again, is written again.
 */
final class Duplicates {
    private static final Logger log = LoggerFactory.getLogger(Duplicates.class);
    static final int EXAMPLES = 5;

    private final EventIds written;
    private final List<String> examples = new ArrayList<>(EXAMPLES);
    private final Fingerprints fingerprints = new Fingerprints();
    private final long[] fingerprint = new long[2];
    private long dropped;

    Duplicates(EventIds written) {
        this.written = written;
    }

    /** The ids of what the dataset holds (call it after recovery). */
    static Duplicates of(DatasetStore store) {
        return new Duplicates(DatasetIds.read(store));
    }

    /** {@link #of(DatasetStore)} on a thread of its own, so that the sink's consumer can start fetching meanwhile. */
    static CompletableFuture<Duplicates> readInBackground(DatasetStore store) {
        CompletableFuture<Duplicates> read = new CompletableFuture<>();
        Thread thread =
                new Thread(
                        () -> {
                            try {
                                read.complete(of(store));
                            } catch (Throwable e) {
                                read.completeExceptionally(e);
                            }
                        },
                        "sink-ids");
        thread.setDaemon(true);
        thread.start();
        return read;
    }

    /** True for an event not written before, whose id now counts as written; false for a duplicate. */
    boolean firstTime(SpecificRecord event) {
        fingerprints.of(Fingerprints.idOf(event), fingerprint, 0);
        return firstTime(event, fingerprint[0], fingerprint[1]);
    }

    /** {@link #firstTime(SpecificRecord)} for an event whose id's fingerprint is known already. */
    boolean firstTime(SpecificRecord event, long hi, long lo) {
        if (written.add(hi, lo)) {
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

    long dropped() {
        return dropped;
    }

    /** The first few dropped ids. */
    List<String> examples() {
        return List.copyOf(examples);
    }
}
