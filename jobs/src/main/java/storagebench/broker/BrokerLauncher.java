package storagebench.broker;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line that starts {@link BrokerMain} with this application's own Java and classes: from
 * the application jar through Spring Boot's launcher, or from a plain class path (tests, an IDE).
 * {@code STORAGEBENCH_BROKER_JAVA_OPTS} replaces the broker's JVM options (default {@code -Xmx512m}).
 */
final class BrokerLauncher {
    static final String DEFAULT_JAVA_OPTS = "-Xmx512m -XX:+UseSerialGC";
    private static final String BOOT_LAUNCHER =
            "org.springframework.boot.loader.launch.PropertiesLauncher";

    private BrokerLauncher() {}

    static List<String> command(BrokerFiles files, long idleStopSeconds) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String opts =
                System.getenv().getOrDefault("STORAGEBENCH_BROKER_JAVA_OPTS", DEFAULT_JAVA_OPTS);
        for (String opt : opts.strip().split("\\s+")) {
            if (!opt.isEmpty()) {
                command.add(opt);
            }
        }
        String classPath = System.getProperty("java.class.path");
        command.add("-cp");
        command.add(classPath);
        if (fromBootJar(classPath)) {
            command.add("-Dloader.main=" + BrokerMain.class.getName());
            command.add(BOOT_LAUNCHER);
        } else {
            command.add(BrokerMain.class.getName());
        }
        command.add(files.dir().toString());
        command.add(String.valueOf(idleStopSeconds));
        return command;
    }

    /** Started with {@code java -jar storagebench.jar}: the class path is the one jar, classes inside it. */
    private static boolean fromBootJar(String classPath) {
        return classPath.endsWith(".jar")
                && !classPath.contains(File.pathSeparator)
                && BrokerLauncher.class.getClassLoader() != ClassLoader.getSystemClassLoader();
    }
}
