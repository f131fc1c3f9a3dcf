package storagebench.broker;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import storagebench.JavaCommand;

/**
 * The command line that starts {@link BrokerMain} with this application's own Java and classes
 * ({@link JavaCommand}): from a copy of the application jar in the broker's folder, so rebuilding the
 * jar (the launcher script does when the sources changed) leaves a running broker whole.
 * {@code STORAGEBENCH_BROKER_JAVA_OPTS} replaces the broker's JVM options (default {@code -Xmx512m}).
 */
final class BrokerLauncher {
    static final String DEFAULT_JAVA_OPTS = "-Xmx512m -XX:+UseSerialGC";

    private BrokerLauncher() {}

    static List<String> command(BrokerFiles files, long idleStopSeconds) {
        return JavaCommand.of(
                javaOptions(),
                BrokerMain.class,
                List.of(files.dir().toString(), String.valueOf(idleStopSeconds)),
                files.application());
    }

    /**
     * A cluster node's command: under its site's wrapper, from the cluster's one copy of the jar in
     * {@code application} (kept while other nodes may run from it), never stopping when idle.
     */
    static List<String> node(BrokerFiles files, Path application, List<String> wrapper) {
        List<String> command = new ArrayList<>(wrapper);
        command.addAll(
                JavaCommand.of(
                        javaOptions(),
                        BrokerMain.class,
                        List.of(files.dir().toString(), "0"),
                        application,
                        false));
        return command;
    }

    private static String javaOptions() {
        return System.getenv().getOrDefault("STORAGEBENCH_BROKER_JAVA_OPTS", DEFAULT_JAVA_OPTS);
    }
}
