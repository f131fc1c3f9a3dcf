package storagebench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import storagebench.BadInputException;
import storagebench.DataDir;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.export.ArchiveImport;
import storagebench.importer.SourceFile;
import storagebench.sink.Sink;
import storagebench.sink.SinkResult;

/** {@code import --format events FILE.avro}: exports back onto the configured topic, then the dataset. */
final class EventsImport {
    private final SettingsOptions settingsOptions;
    private final List<Path> files;
    private final boolean noSink;

    EventsImport(SettingsOptions settingsOptions, List<Path> files, boolean noSink) {
        this.settingsOptions = settingsOptions;
        this.files = files;
        this.noSink = noSink;
    }

    Integer call(
            String experiment,
            String host,
            List<String> hostLabels,
            Map<String, String> factors,
            Map<String, String> options,
            boolean strict)
            throws Exception {
        if (experiment != null
                || host != null
                || !hostLabels.isEmpty()
                || !factors.isEmpty()
                || !options.isEmpty()
                || strict) {
            throw new BadInputException(
                    "--format events puts events back as they were exported; --experiment, "
                            + "--host, --host-label, --factor, --option and --strict apply to log formats only");
        }
        List<SourceFile> archives = new ArrayList<>();
        for (Path file : files) {
            archives.add(ArchiveImport.check(file));
        }
        Settings settings = settingsOptions.load();
        DataDir.prepare(settings.dataDir());
        try (KafkaConnection kafka = KafkaConnection.open(settings)) {
            for (SourceFile archive : archives) {
                ArchiveImport.Result result = ArchiveImport.run(kafka, archive);
                System.out.printf(
                        "%s: %d event(s) of %d run(s): %d published, %d already in %s%n",
                        archive.name(),
                        result.read(),
                        result.runs().size(),
                        result.published(),
                        result.present(),
                        settings.topic());
            }
            if (!noSink) {
                SinkResult sunk = Sink.runUntilIdle(settings, kafka);
                System.out.println(
                        "dataset "
                                + settings.datasetName()
                                + ": "
                                + sunk.summary()
                                + "; see: storagebench report");
            }
        }
        return 0;
    }
}
