package storagebench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import storagebench.broker.BrokerFiles;
import storagebench.config.Settings;
import storagebench.config.Values;

/**
 * A disk that filled under a run, told in one line: which folder, how much is free, the last trial
 * recorded, whether the embedded broker halted on it (it does when its log folder fills) and what to do
 * once space is freed. Recognised by the system's own words for it ({@code No space left on device}) in
 * a failure, or, when the broker went silent, by the broker's log folder having next to nothing free.
 */
final class DiskFull {
    /** What Linux, and so Java's IOException, calls ENOSPC. */
    static final String ENOSPC = "No space left on device";

    /** Below this, a folder whose broker went silent is taken as full. */
    static final long NEARLY_FULL = 1024 * 1024;

    private DiskFull() {}

    /** Ends a run whose trial met a full disk; the trial is not recorded. */
    static final class Stop extends RuntimeException {
        Stop(String error) {
            super(error);
        }
    }

    /** Whether {@code text} (a step's error, a failure's message) says a disk is full. */
    static boolean says(String text) {
        return text != null && (text.contains(ENOSPC) || text.contains("ENOSPC"));
    }

    /** Whether any failure in {@code failure}'s causes says a disk is full. */
    static boolean says(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (says(t.getMessage())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The folder among the run's (its target's directory, the broker's log, the data directory) with the
     * least space free, when that is next to nothing.
     */
    static Optional<Path> fullest(Settings settings, String targetLocation, long threshold) {
        return watched(settings, targetLocation).stream()
                .filter(p -> usable(p) >= 0)
                .min(Comparator.comparingLong(DiskFull::usable))
                .filter(p -> usable(p) < threshold);
    }

    /**
     * The one line for a run that a full disk stopped.
     *
     * @param settings the run's settings
     * @param targetLocation its target's directory (local targets), or null
     * @param runId the run
     * @param lastRecorded the number (from 1) of the last trial whose events are in the topic, 0 for none
     * @param total the run's trials
     */
    static String message(
            Settings settings, String targetLocation, String runId, int lastRecorded, int total) {
        Path where = fullest(settings, targetLocation, Long.MAX_VALUE).orElse(settings.dataDir());
        StringBuilder line =
                new StringBuilder("no space left on the disk under ")
                        .append(where)
                        .append(" (")
                        .append(Values.formatSize(Math.max(0, usable(where))))
                        .append(" free): ")
                        .append(
                                lastRecorded == 0
                                        ? "no trial was recorded"
                                        : "trial "
                                                + lastRecorded
                                                + " of "
                                                + total
                                                + " was the last one recorded");
        if (brokerHalted(settings)) {
            line.append(
                            "; the broker halted on it: once space is freed, start it with: storagebench broker start --data-dir ")
                    .append(settings.dataDir());
        } else {
            line.append("; free space there first");
        }
        return line.toString();
    }

    /** Whether the data directory's embedded broker was running and is gone. */
    static boolean brokerHalted(Settings settings) {
        if (!Files.isDirectory(settings.kafkaDir())) {
            return false;
        }
        return BrokerFiles.of(settings.kafkaDir())
                .readPid()
                .map(pid -> ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true))
                .orElse(false);
    }

    private static List<Path> watched(Settings settings, String targetLocation) {
        List<Path> paths = new ArrayList<>();
        if (targetLocation != null && !targetLocation.isBlank()) {
            try {
                paths.add(Path.of(targetLocation));
            } catch (RuntimeException notAPath) {
                // a database's address: its disk is the server's to watch
            }
        }
        paths.add(settings.kafkaDir());
        paths.add(settings.dataDir());
        return paths.stream().filter(Files::isDirectory).toList();
    }

    static long usable(Path path) {
        try {
            return Files.getFileStore(path).getUsableSpace();
        } catch (IOException e) {
            return -1;
        }
    }
}
