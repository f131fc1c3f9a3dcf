package storagebench.cli;

import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import storagebench.BadInputException;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.sink.Replay;
import storagebench.sink.SinkResult;

/** {@code replay}: the dataset rebuilt from the topic into a new folder. */
@Command(
        name = "replay",
        mixinStandardHelpOptions = true,
        description = {
            "Rebuilds the Parquet dataset from the topic into a new folder, with the sink's own code "
                    + "(same files, exactly once), its own consumer group, and optionally one experiment or the events "
                    + "published since a point in time.",
            "The folder must be new or empty, or an earlier replay with the same options, which then continues."
        },
        footer = {
            "",
            "Examples:",
            "  storagebench replay --to /tmp/rebuilt",
            "  storagebench replay --to /tmp/seed000 --experiment local-file-init",
            "  storagebench replay --to /tmp/recent --from 2026-11-30T00:00:00Z"
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:replayed",
            "1:the topic could not be read or the folder written",
            "2:bad options: a folder that is neither empty nor an earlier replay, a bad time"
        })
public final class ReplayCommand implements Callable<Integer> {
    @Mixin SettingsOptions settingsOptions;

    @Option(
            names = "--to",
            required = true,
            paramLabel = "DIR",
            description = "The new dataset's folder.")
    Path to;

    @Option(
            names = "--from",
            paramLabel = "earliest|TIME",
            defaultValue = "earliest",
            description =
                    "earliest (default), or an ISO-8601 time such as 2026-11-30T08:00:00Z: only events "
                            + "published to the topic at or after it (Kafka's record time, offsetsForTimes).")
    String from;

    @Mixin ExperimentFilterOption experimentFilter;

    @Override
    public Integer call() {
        Replay.Request request = new Replay.Request(to, start(from), experimentFilter.experiment());
        Settings settings = settingsOptions.load();
        boolean continued = Replay.prepare(settings, request);
        try (KafkaConnection kafka = KafkaConnection.open(settings)) {
            SinkResult result = Replay.run(settings, kafka, request);
            System.out.println(
                    "replay into "
                            + to
                            + (continued ? " continued the earlier replay there, adding " : ": ")
                            + result.summary());
        }
        return 0;
    }

    private static Optional<Instant> start(String text) {
        if ("earliest".equals(text)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Instant.parse(text));
        } catch (DateTimeParseException e) {
            throw new BadInputException(
                    "--from: expected earliest or an ISO-8601 time such as "
                            + "2026-11-30T08:00:00Z, got '"
                            + text
                            + "'");
        }
    }
}
