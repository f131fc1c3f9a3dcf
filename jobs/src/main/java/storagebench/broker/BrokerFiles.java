package storagebench.broker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The files of the embedded broker of one data directory, all under {@code <data-dir>/kafka}: the
 * broker process holds {@code broker.lock} for as long as it lives (the operating system releases it
 * when the process dies, so holding it proves the broker alive); a command that starts a broker holds
 * {@code broker.start.lock} while it does, so two commands never start two; {@code broker.address} is
 * written once the broker answers and removed when it stops.
 *
 * @param dir the broker's folder
 */
public record BrokerFiles(Path dir) {
    public static BrokerFiles of(Path kafkaDir) {
        return new BrokerFiles(kafkaDir.toAbsolutePath());
    }

    public Path lock() {
        return dir.resolve("broker.lock");
    }

    public Path startLock() {
        return dir.resolve("broker.start.lock");
    }

    public Path address() {
        return dir.resolve("broker.address");
    }

    public Path ports() {
        return dir.resolve("broker.ports");
    }

    public Path pid() {
        return dir.resolve("broker.pid");
    }

    public Path output() {
        return dir.resolve("broker.out");
    }

    /** A cluster node's own Kafka properties ({@link NodeProperties}); absent for the embedded broker. */
    public Path node() {
        return dir.resolve("node.properties");
    }

    public Path logDir() {
        return dir.resolve("log");
    }

    /** Where each connected command holds a lock of its own, so an idle broker knows nobody uses it. */
    public Path clients() {
        return dir.resolve("clients");
    }

    public Optional<String> readAddress() {
        return read(address());
    }

    public Optional<Long> readPid() {
        return read(pid())
                .flatMap(
                        text -> {
                            try {
                                return Optional.of(Long.parseLong(text));
                            } catch (NumberFormatException e) {
                                return Optional.empty();
                            }
                        });
    }

    private static Optional<String> read(Path file) {
        try {
            String text = Files.readString(file).strip();
            return text.isEmpty() ? Optional.empty() : Optional.of(text);
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
