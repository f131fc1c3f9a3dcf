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
}
