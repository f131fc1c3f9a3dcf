package storagebench.sink;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import storagebench.BadInputException;
import storagebench.DurableFiles;
import storagebench.Sha256;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.events.EventType;
import storagebench.storage.LocalStore;

/**
 * Rebuilds the dataset from the topic into a new folder with the sink's own code: the same files,
 * names and exactly-once markers, under another root, with its own consumer group
 * ({@code storagebench-replay-<hash of the folder>}), optionally only one experiment's events and only
 * those published from a point in time on ({@code offsetsForTimes}: Kafka's record timestamps, i.e.
 * when each event was published).
 *
 * <p>The folder must be empty or missing, or hold an earlier replay with the same topic, start and
 * filter (recorded in {@value #RECORD}): then that replay continues where its offset markers say, as a
 * restarted sink does. Undecodable messages are counted and passed over (the live sink already
 * dead-lettered them).
 */
public final class Replay {
    /** The file in a replay's folder that says what it is a replay of. */
    public static final String RECORD = "_replay.properties";

    /**
     * @param target the new dataset's folder
     * @param from only events published at or after this time; empty for the whole topic
     * @param experiment only this experiment's events; empty for all
     */
    public record Request(Path target, Optional<Instant> from, Optional<String> experiment) {
        Properties describe(String topic) {
            Properties p = new Properties();
            p.setProperty("topic", topic);
            p.setProperty("from", from.map(Instant::toString).orElse("earliest"));
            p.setProperty("experiment", experiment.orElse("*"));
            return p;
        }
    }

    private Replay() {}

    /**
     * Checks the target folder and records what it is a replay of; nothing is consumed yet.
     *
     * @return whether the folder holds an earlier replay of the same, which the replay continues
     */
    public static boolean prepare(Settings settings, Request request) {
        Path target = request.target();
        if (Files.exists(target) && !Files.isDirectory(target)) {
            throw new BadInputException(
                    target + ": is a file; give a folder for the replayed dataset");
        }
        if (sameFolder(target, settings.parquetDir())) {
            throw new BadInputException(target + ": is the live dataset; replay into a new folder");
        }
        Properties wanted = request.describe(settings.topic());
        Path record = target.resolve(RECORD);
        if (Files.isRegularFile(record)) {
            Properties earlier = read(record);
            if (!earlier.equals(wanted)) {
                throw new BadInputException(
                        target
                                + ": holds a replay of "
                                + earlier
                                + ", not of "
                                + wanted
                                + "; give an empty folder");
            }
            return true;
        }
        if (!empty(target)) {
            throw new BadInputException(
                    target
                            + ": is not empty and holds no earlier replay ("
                            + RECORD
                            + "); give an empty or new folder");
        }
        try {
            Files.createDirectories(target);
            StringWriter text = new StringWriter();
            wanted.store(text, "storagebench replay: what this dataset was rebuilt from");
            DurableFiles.writeAtomically(record, text.toString());
        } catch (IOException e) {
            throw new BadInputException(target + ": cannot be written: " + e.getMessage());
        }
        return false;
    }

    /** Replays the topic up to its current end into the prepared folder. */
    public static SinkResult run(Settings settings, KafkaConnection kafka, Request request) {
        SinkSpec spec =
                new SinkSpec(
                        new LocalStore(request.target()),
                        request.target(),
                        "storagebench-replay-"
                                + Sha256.hex(
                                                request.target()
                                                        .toAbsolutePath()
                                                        .normalize()
                                                        .toString())
                                        .substring(0, 12),
                        filter(request.experiment()),
                        startAt(request.from()),
                        false);
        try (Sink sink = Sink.open(settings, kafka, spec)) {
            return sink.runUntilIdle(Duration.ZERO);
        }
    }

    private static Predicate<SpecificRecord> filter(Optional<String> experiment) {
        if (experiment.isEmpty()) {
            return event -> true;
        }
        String name = experiment.get();
        return event -> name.equals(EventType.of(event).experiment(event));
    }

    private static SinkSpec.StartAt startAt(Optional<Instant> from) {
        if (from.isEmpty()) {
            return SinkSpec.EARLIEST;
        }
        long millis = from.get().toEpochMilli();
        return (consumer, partition) -> {
            Map<TopicPartition, OffsetAndTimestamp> found =
                    consumer.offsetsForTimes(Map.of(partition, millis));
            OffsetAndTimestamp offset = found.get(partition);
            if (offset == null) {
                consumer.seekToEnd(List.of(partition));
            } else {
                consumer.seek(partition, offset.offset());
            }
        };
    }

    private static boolean sameFolder(Path a, Path b) {
        try {
            if (Files.exists(a) && Files.exists(b)) {
                return Files.isSameFile(a, b);
            }
        } catch (IOException e) {
            // compared by name below
        }
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }

    private static boolean empty(Path folder) {
        if (!Files.exists(folder)) {
            return true;
        }
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + folder, e);
        }
    }

    private static Properties read(Path record) {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(record)) {
            p.load(in);
        } catch (IOException e) {
            throw new BadInputException(record + ": cannot be read: " + e.getMessage());
        }
        return p;
    }
}
