package storagebench.runner;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.ToLongFunction;
import org.slf4j.LoggerFactory;
import storagebench.config.Settings;
import storagebench.config.Values;

/**
 * The free space a run keeps under the data directory ({@code run.min-free-space}), where the embedded
 * broker's log and the run's files grow. Checked before each trial, the first
 * included, never inside one: below the floor the run stops there (STOPPED, RunFinished published,
 * restartable), rather than let the disk fill under the broker.
 */
final class DiskFloor {
    private final Path path;
    private final long floor;
    private final ToLongFunction<Path> free;
    private final Settings settings;
    private String reason;
    private Optional<String> full;

    DiskFloor(Path path, long floor, ToLongFunction<Path> free) {
        this(path, floor, free, null);
    }

    private DiskFloor(Path path, long floor, ToLongFunction<Path> free, Settings settings) {
        this.path = path;
        this.floor = floor;
        this.free = free;
        this.settings = settings;
    }

    /** The broker's log folder when it is here (the embedded broker), else the data directory. */
    static DiskFloor of(Settings settings) {
        Path path =
                Files.isDirectory(settings.kafkaDir()) ? settings.kafkaDir() : settings.dataDir();
        return new DiskFloor(path, settings.minFreeSpace(), new Usable(), settings);
    }

    /**
     * Whether a disk that filled at once ended the run ({@link DiskFull}): a failure that says so, or a
     * broker gone silent over a log folder with next to nothing free. Decided once per attempt, so the
     * RunFinished and the command's last line say the same.
     *
     * @param run the run
     * @param recorded trials with their events in the topic
     * @param says whether a failure of the job says a disk is full
     * @param failed whether the job failed (or the broker was lost): then a folder
     *     of the run with next to nothing free is taken as the cause
     */
    synchronized Optional<String> fullDisk(
            RunContext run, int recorded, boolean says, boolean failed) {
        if (full == null) {
            String target = run.target() == null ? null : run.target().getLocation();
            boolean full =
                    says
                            || (failed
                                    && settings != null
                                    && DiskFull.fullest(settings, target, DiskFull.NEARLY_FULL)
                                            .isPresent());
            this.full =
                    full && settings != null
                            ? Optional.of(
                                    DiskFull.message(
                                            settings,
                                            target,
                                            run.runId(),
                                            recorded,
                                            run.plan().size()))
                            : Optional.empty();
        }
        return this.full;
    }

    /**
     * Whether trial {@code next} (from 1) of {@code total} may start; when not, {@link #reason()} says why.
     */
    boolean allows(int next, int total) {
        if (floor <= 0) {
            return true;
        }
        long usable = free.applyAsLong(path);
        if (usable < 0 || usable >= floor) {
            return true;
        }
        reason =
                "only "
                        + Values.formatSize(usable)
                        + " free under "
                        + path
                        + ", below run.min-free-space "
                        + Values.formatSize(floor)
                        + ": stopped "
                        + (next <= 1
                                ? "before the first of " + total + " trials"
                                : "after trial " + (next - 1) + " of " + total);
        return false;
    }

    /** Why the run stopped, once it did. */
    Optional<String> reason() {
        return Optional.ofNullable(reason);
    }

    /**
     * The space free to this process under a path, from its file store, looked up once: finding a
     * path's store reads the mount table (about 0.2 ms, before every trial), its free space is one
     * statfs of the path.
     */
    private static final class Usable implements ToLongFunction<Path> {
        private FileStore store;

        @Override
        public long applyAsLong(Path path) {
            try {
                if (store == null) {
                    store = Files.getFileStore(path);
                }
                return store.getUsableSpace();
            } catch (IOException e) {
                store = null;
                LoggerFactory.getLogger(DiskFloor.class)
                        .warn("cannot read the free space under {}: {}", path, e.getMessage());
                return -1;
            }
        }
    }
}
