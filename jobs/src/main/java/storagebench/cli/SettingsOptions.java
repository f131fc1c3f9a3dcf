package storagebench.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;
import storagebench.config.Settings;

/** The options every command shares: where the settings and the data are. */
public final class SettingsOptions {
    @Option(
            names = "--settings",
            paramLabel = "FILE",
            description = "Settings file (default: ./" + Settings.FILE_NAME + " when present).")
    Path settingsFile;

    @Option(
            names = "--data-dir",
            paramLabel = "DIR",
            description =
                    "Where the broker log, job repository, dataset and run files go (default:"
                            + " $STORAGEBENCH_DATA_DIR when set, else ./data).")
    Path dataDir;

    @Option(
            names = "--bootstrap-servers",
            paramLabel = "HOST:PORT,...",
            description = "Use this Kafka cluster instead of the embedded broker.")
    String bootstrapServers;

    @Option(
            names = "--set",
            paramLabel = "KEY=VALUE",
            description =
                    "Override one setting, e.g. --set kafka.client.security.protocol=SSL (repeatable).")
    Map<String, String> overrides = new LinkedHashMap<>();

    @Option(
            names = "--debug",
            description = "Show stack traces of failures (also: STORAGEBENCH_DEBUG=1).")
    boolean debug;

    public Settings load() {
        Map<String, String> all = new LinkedHashMap<>(overrides);
        if (dataDir != null) {
            all.put("data-dir", dataDir.toString());
        }
        if (bootstrapServers != null) {
            all.put("kafka.bootstrap-servers", bootstrapServers);
        }
        return Settings.load(settingsFile, System.getenv(), all);
    }

    /**
     * The message of a command that reads the dataset and found no {@code what} in it ({@code
     * "dataset"}, {@code "trials"}): which dataset it read, of which data directory, and the ways to
     * fill it.
     */
    static String nothingYet(Settings settings, String what) {
        return "no "
                + what
                + " yet in "
                + settings.datasetName()
                + " (data directory "
                + settings.dataDir().toAbsolutePath()
                + "): run an experiment with `storagebench run EXPERIMENT.yaml` (e.g. `storagebench"
                + " run pipeline-config/local/file-init.yaml`) or import logs with `storagebench"
                + " import`; `storagebench sink` writes what a run with --no-sink left on the topic;"
                + " or name the data directory that holds them with --data-dir";
    }
}
