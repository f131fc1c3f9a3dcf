package storagebench.export;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.BadInputException;
import storagebench.broker.KafkaConnection;
import storagebench.events.EventCodec;
import storagebench.events.EventPublisher;
import storagebench.events.TopicScan;
import storagebench.events.UndecodableEventException;
import storagebench.importer.SourceFile;

/**
 * An {@link EventArchive} file back onto the configured topic, each event keyed by its run id as its
 * runner published it, in transactions of {@value #BATCH} events acknowledged by the broker.
 *
 * <p>Importing the same archive twice adds nothing: event ids are deterministic and travel with the
 * events, so before publishing the topic is read and every event whose id it already holds (among the
 * archive's runs) is skipped. An import that died half-way is finished by importing the file again.
 */
public final class ArchiveImport {
    static final int BATCH = 500;
    private static final Logger log = LoggerFactory.getLogger(ArchiveImport.class);

    /**
     * @param read events in the file
     * @param published events published
     * @param present events skipped because the topic already had them
     * @param runs the runs the file holds
     */
    public record Result(long read, long published, long present, Set<String> runs) {}

    private ArchiveImport() {}

    /** Checks that the file is an events export; a {@link BadInputException} naming it otherwise. */
    public static SourceFile check(Path file) {
        SourceFile.checkReadable(file);
        try (DataFileReader<Object> reader = open(file)) {
            Schema schema = reader.getSchema();
            Set<String> known = new HashSet<>();
            EventArchive.schema().getTypes().forEach(type -> known.add(type.getFullName()));
            boolean events =
                    schema.getType() == Schema.Type.UNION
                            && schema.getTypes().stream()
                                    .allMatch(type -> known.contains(type.getFullName()));
            if (!events) {
                throw new BadInputException(
                        file
                                + ": not a storagebench events export: its schema is "
                                + schema.getType().getName()
                                + " "
                                + schema.getFullName()
                                + ", not a union of "
                                + String.join(", ", known));
            }
            if (reader.hasNext()) {
                reader.next();
            }
        } catch (IOException | AvroRuntimeException e) {
            throw new BadInputException(
                    file
                            + ": not a storagebench events export (an Avro object container "
                            + "file written by: storagebench export --to FILE.avro): "
                            + e.getMessage());
        }
        return SourceFile.check(file);
    }

    public static Result run(KafkaConnection kafka, SourceFile archive) throws IOException {
        Set<String> runs = new HashSet<>();
        long read = 0;
        try (DataFileReader<Object> reader = open(archive.path())) {
            for (Object event : reader) {
                runs.add(runIdOf((SpecificRecord) event));
                read++;
            }
        }
        Set<String> present = presentIds(kafka, runs);
        long published = 0;
        long skipped = 0;
        try (DataFileReader<Object> reader = open(archive.path());
                EventPublisher publisher =
                        new EventPublisher(kafka, "events-" + archive.sha256().substring(0, 16))) {
            List<SpecificRecord> batch = new ArrayList<>(BATCH);
            for (Object item : reader) {
                SpecificRecord event = (SpecificRecord) item;
                if (!present.add(idOf(event))) {
                    skipped++;
                    continue;
                }
                batch.add(event);
                if (batch.size() == BATCH) {
                    publisher.publishEach(batch);
                    published += batch.size();
                    batch.clear();
                }
            }
            publisher.publishEach(batch);
            published += batch.size();
        }
        log.info(
                "{}: {} event(s) of {} run(s); {} published, {} already in the topic",
                archive.name(),
                read,
                runs.size(),
                published,
                skipped);
        return new Result(read, published, skipped, Set.copyOf(runs));
    }

    /** The ids of the events the topic holds of these runs. */
    private static Set<String> presentIds(KafkaConnection kafka, Set<String> runs) {
        Set<String> ids = new HashSet<>();
        EventCodec codec = new EventCodec();
        TopicScan.each(
                kafka,
                kafka.settings().topic(),
                message -> {
                    if (message.key() != null
                            && runs.contains(new String(message.key(), StandardCharsets.UTF_8))) {
                        try {
                            ids.add(idOf(codec.decode(message.value())));
                        } catch (UndecodableEventException e) {
                            // not an event: it holds no id to compare
                        }
                    }
                });
        return ids;
    }

    private static DataFileReader<Object> open(Path file) throws IOException {
        return new DataFileReader<>(
                file.toFile(),
                new SpecificDatumReader<>(null, EventArchive.schema(), EventArchive.model()));
    }

    private static String idOf(SpecificRecord event) {
        return String.valueOf(event.get(event.getSchema().getField("event_id").pos()));
    }

    private static String runIdOf(SpecificRecord event) {
        return String.valueOf(event.get(event.getSchema().getField("run_id").pos()));
    }
}
