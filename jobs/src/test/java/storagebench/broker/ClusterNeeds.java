package storagebench.broker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether a local cluster of three brokers (a JVM of up to 512 MB each, beside the test's commands)
 * can run here; a test that finds it cannot throws {@code Requirement.CLUSTER.missing(why)}.
 */
public final class ClusterNeeds {
    private static final long MEMORY_NEEDED = 3L << 30;

    private ClusterNeeds() {}

    /** Why it cannot, if it cannot. */
    public static Optional<String> missing() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemAvailable:")) {
                    long kb = Long.parseLong(line.replaceAll("\\D", ""));
                    return kb * 1024 >= MEMORY_NEEDED
                            ? Optional.empty()
                            : Optional.of(
                                    "a 3-broker Kafka cluster needs 3 GiB of free memory, "
                                            + kb / 1024
                                            + " MiB available");
                }
            }
        } catch (IOException | RuntimeException e) {
            // no /proc (not Linux): try
        }
        return Optional.empty();
    }
}
