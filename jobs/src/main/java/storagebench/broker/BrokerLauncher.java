package storagebench.broker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import storagebench.JavaCommand;

/**
 * The command line that starts {@link BrokerMain} with this application's own Java and classes
 * ({@link JavaCommand}): from the build's copy of the application jar in the user's cache, shared by
 * every data directory, so rebuilding the jar (the launcher script does when the sources changed)
 * leaves a running broker whole. {@code STORAGEBENCH_BROKER_JAVA_OPTS} replaces the broker's JVM
 * options (default {@code -Xmx512m}).
 */
final class BrokerLauncher {
    static final String DEFAULT_JAVA_OPTS = "-Xmx512m -XX:+UseSerialGC";

    private BrokerLauncher() {}

    /** The data directory's broker, not running: its folder's own copy of the jar, from earlier versions, goes. */
    static List<String> command(BrokerFiles files, long idleStopSeconds) {
        removeRecursively(files.dir().resolve("app"));
        return JavaCommand.of(
                javaOptions(),
                BrokerMain.class,
                List.of(files.dir().toString(), String.valueOf(idleStopSeconds)),
                true);
    }

    /** A cluster node's command: under its site's wrapper, never stopping when idle. */
    static List<String> node(BrokerFiles files, List<String> wrapper) {
        List<String> command = new ArrayList<>(wrapper);
        command.addAll(
                JavaCommand.of(
                        javaOptions(),
                        BrokerMain.class,
                        List.of(files.dir().toString(), "0"),
                        true));
        return command;
    }

    private static String javaOptions() {
        return System.getenv().getOrDefault("STORAGEBENCH_BROKER_JAVA_OPTS", DEFAULT_JAVA_OPTS);
    }

    private static void removeRecursively(Path dir) {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + dir + ": " + e.getMessage(), e);
        }
    }
}
