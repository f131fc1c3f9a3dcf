package storagebench.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The built application ({@code jobs/target/storagebench.jar}) as a user's shell starts it through
 * {@code ./storagebench} (the Hadoop add-on on its class path), on one data directory: each command a
 * process of its own, its output kept in a log file.
 */
final class App {
    private static final long TIMEOUT_SECONDS = 180;

    private final Path jar = Path.of(System.getProperty("storagebench.jar"));
    private final Path addOn = jar.resolveSibling("addons").resolve("hadoop");
    private final Path dataDir;
    private final Path logs;
    private int commands;

    App(Path dataDir, Path logs) {
        this.dataDir = dataDir;
        this.logs = logs;
        assertThat(jar).as("the application jar: mvn -pl jobs -am install first").isRegularFile();
        assertThat(addOn).as("the Hadoop add-on, built with the jar").isDirectory();
    }

    Path parquet() {
        return dataDir.resolve("parquet");
    }

    /** Runs {@code storagebench ARGS --data-dir DIR}; fails with the command's output unless exit 0. */
    String run(String... args) throws IOException, InterruptedException {
        List<String> command =
                new ArrayList<>(
                        List.of(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-Xmx512m",
                                "-jar",
                                jar.toString()));
        command.addAll(List.of(args));
        command.add("--data-dir=" + dataDir);
        Files.createDirectories(logs);
        Path log = logs.resolve(++commands + "-" + args[0] + ".log");
        ProcessBuilder builder =
                new ProcessBuilder(command)
                        .directory(dataDir.getParent().toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile());
        builder.environment().remove("STORAGEBENCH_DATA_DIR");
        // HDFS and S3 datasets need the Hadoop add-on built beside the jar, as ./storagebench sets
        // it
        builder.environment().put("LOADER_PATH", addOn.toString());
        Process process = builder.start();
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError(
                    String.join(" ", args) + ": no end within " + TIMEOUT_SECONDS + " s");
        }
        String output = Files.readString(log);
        assertThat(process.exitValue()).as("%s%n%s", String.join(" ", args), output).isZero();
        return output;
    }
}
