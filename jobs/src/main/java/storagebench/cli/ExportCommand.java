package storagebench.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.export.ArchiveExport;
import storagebench.sink.SinkResult;

/** {@code export}: the topic's events into one Avro object container file. */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description = {
            "Writes the events of the topic into one Avro object container file (schema: a union of the "
                    + "event types; readable by any Avro tool), to move histories between clusters or keep them past "
                    + "retention. Put them back with: storagebench import --format events FILE.avro",
            "The file appears whole or not at all (written to a temporary file, then renamed)."
        },
        footer = {
            "",
            "Examples:",
            "  storagebench export --to history.avro",
            "  storagebench export --to seed000.avro --experiment local-file-init",
            "  storagebench export --to old-cluster.avro \\",
            "      --bootstrap-servers kafka-old:9092"
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:written",
            "1:the topic or the file could not be used",
            "2:bad options or settings"
        })
public final class ExportCommand implements Callable<Integer> {
    @Mixin SettingsOptions settingsOptions;

    @Option(
            names = "--to",
            required = true,
            paramLabel = "FILE.avro",
            description =
                    "The file to write (an Avro file there is replaced; any other file is refused).")
    Path to;

    @Mixin ExperimentFilterOption experimentFilter;

    @Override
    public Integer call() {
        Settings settings = settingsOptions.load();
        OutputFile.AVRO.mayReplace("--to", to);
        try (KafkaConnection kafka = KafkaConnection.open(settings)) {
            ArchiveExport.Result result =
                    ArchiveExport.write(kafka, to, experimentFilter.experiment());
            System.out.printf(
                    "%s: %d event(s)%s%s%n",
                    to,
                    result.total(),
                    byTable(result),
                    result.undecodable() > 0
                            ? ", " + result.undecodable() + " undecodable message(s) left out"
                            : "");
        }
        return 0;
    }

    /** {@code " (runs 1, trials 48)"}, or where there were none, which. */
    private String byTable(ArchiveExport.Result result) {
        if (result.total() == 0) {
            return experimentFilter
                    .experiment()
                    .map(e -> " (none of experiment '" + e + "' in the topic)")
                    .orElse(" (none in the topic)");
        }
        return " (" + SinkResult.byTable(result.events()) + ")";
    }
}
