package storagebench.export;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.BadInputException;
import storagebench.DurableFiles;
import storagebench.broker.KafkaConnection;
import storagebench.events.EventCodec;
import storagebench.events.EventType;
import storagebench.events.TopicScan;
import storagebench.events.UndecodableEventException;

/**
 * The events topic into an {@link EventArchive} file: every committed event (aborted transactions
 * never show), in topic order, decoded into the current schemas; messages that do not decode are
 * left out and counted (the sink dead-letters them). Written to a hidden temporary file beside the
 * target, fsynced and renamed: the target is either the old file or the whole new one.
 */
public final class ArchiveExport {
    private static final Logger log = LoggerFactory.getLogger(ArchiveExport.class);

    /**
     * @param events events written, by type
     * @param undecodable messages left out
     */
    public record Result(Map<String, Long> events, long undecodable) {
        public long total() {
            return events.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    private ArchiveExport() {}

    public static Result write(KafkaConnection kafka, Path target, Optional<String> experiment) {
        Path folder = target.toAbsolutePath().getParent();
        if (Files.isDirectory(target)) {
            throw new BadInputException(target + ": is a directory; give the file to write");
        }
        if (folder == null || !Files.isDirectory(folder)) {
            throw new BadInputException(target + ": its folder does not exist");
        }
        Path temp = folder.resolve("." + target.getFileName() + ".tmp");
        String topic = kafka.settings().topic();
        EventCodec codec = new EventCodec();
        Map<String, Long> counts = new TreeMap<>();
        long[] undecodable = {0};
        try (DataFileWriter<Object> writer =
                new DataFileWriter<>(
                        new SpecificDatumWriter<>(EventArchive.schema(), EventArchive.model()))) {
            writer.setCodec(CodecFactory.deflateCodec(6));
            writer.setMeta(EventArchive.META_TOPIC, topic);
            writer.setMeta(EventArchive.META_EXPORTED_AT, Instant.now().toString());
            experiment.ifPresent(name -> writer.setMeta(EventArchive.META_EXPERIMENT, name));
            writer.create(EventArchive.schema(), temp.toFile());
            TopicScan.each(
                    kafka,
                    topic,
                    message -> {
                        try {
                            SpecificRecord event = codec.decode(message.value());
                            EventType type = EventType.of(event);
                            if (experiment.isEmpty()
                                    || experiment.get().equals(type.experiment(event))) {
                                writer.append(event);
                                counts.merge(type.table(), 1L, Long::sum);
                            }
                        } catch (UndecodableEventException e) {
                            undecodable[0]++;
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    });
        } catch (IOException | UncheckedIOException e) {
            deleteQuietly(temp);
            throw new IllegalStateException("cannot write " + target + ": " + e.getMessage(), e);
        }
        try {
            DurableFiles.commit(temp, target);
        } catch (IOException e) {
            deleteQuietly(temp);
            throw new IllegalStateException("cannot write " + target + ": " + e.getMessage(), e);
        }
        if (undecodable[0] > 0) {
            log.warn("{} message(s) of {} did not decode and were left out", undecodable[0], topic);
        }
        return new Result(counts, undecodable[0]);
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // a leftover hidden temporary file is harmless
        }
    }
}
