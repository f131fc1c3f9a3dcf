package storagebench.spark;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.io.LocalOutputFile;

/**
 * TrialTimed of the released schema versions ({@code schemas/released/TrialTimed}), as runners and
 * sinks of those versions wrote them: as an events export (an Avro object container file, which
 * {@code import --format events} puts back on the topic), as Parquet files without the later
 * columns, and as one event in the topic's single-object encoding. Today's sink writes every event
 * with the current schema, so Parquet files of older schemas come only from older sinks.
 */
final class OlderSchemas {
    private static final Path RELEASED = Path.of(System.getProperty("storagebench.schemas"));

    /** One trial of an older schema: its version, id, variant, start and duration. */
    record Trial(int version, String id, String variant, Instant start, long durationNs) {}

    private OlderSchemas() {}

    static Schema trialTimed(int version) throws IOException {
        return new Schema.Parser()
                .parse(RELEASED.resolve("TrialTimed/v" + version + ".avsc").toFile());
    }

    /** An events export of these trials, all of one schema version. */
    static void writeExport(Path file, String experiment, int version, List<Trial> trials)
            throws IOException {
        Schema schema = trialTimed(version);
        Schema union = Schema.createUnion(schema);
        try (DataFileWriter<Object> writer =
                new DataFileWriter<>(new GenericDatumWriter<>(union))) {
            writer.create(union, file.toFile());
            for (Trial trial : trials) {
                writer.append(record(schema, experiment, trial));
            }
        }
    }

    /** A Parquet file of these trials, as a sink of that schema version wrote it. */
    static void writeParquet(Path file, String experiment, int version, List<Trial> trials)
            throws IOException {
        Schema schema = trialTimed(version);
        try (ParquetWriter<GenericRecord> writer =
                AvroParquetWriter.<GenericRecord>builder(new LocalOutputFile(file))
                        .withConf(new PlainParquetConfiguration())
                        .withSchema(schema)
                        .withDataModel(GenericData.get())
                        .build()) {
            for (Trial trial : trials) {
                writer.write(record(schema, experiment, trial));
            }
        }
    }

    /** One event as a runner of that version publishes it: C3 01, the fingerprint, Avro binary. */
    static byte[] singleObject(String experiment, Trial trial) throws IOException {
        Schema schema = trialTimed(trial.version());
        BinaryMessageEncoder<GenericRecord> encoder =
                new BinaryMessageEncoder<>(GenericData.get(), schema);
        ByteBuffer encoded = encoder.encode(record(schema, experiment, trial));
        byte[] bytes = new byte[encoded.remaining()];
        encoded.get(bytes);
        return bytes;
    }

    /** The 10 bytes before an event's Avro binary (C3 01 and its schema's fingerprint), Avro's. */
    static byte[] header(int version) throws IOException {
        Trial any = new Trial(version, "any", "a=b", Instant.EPOCH, 1);
        return Arrays.copyOf(singleObject("any", any), 10);
    }

    private static GenericRecord record(Schema schema, String experiment, Trial trial) {
        long startMicros =
                trial.start().getEpochSecond() * 1_000_000 + trial.start().getNano() / 1000;
        String run = "v" + trial.version() + "-run";
        String[] factor = trial.variant().split("=", 2);
        GenericRecord r = new GenericData.Record(schema);
        r.put("event_id", run + "/" + trial.id());
        r.put("run_id", run);
        r.put("experiment", experiment);
        r.put("host", "old-host");
        r.put("trial_id", run + "-" + trial.id());
        r.put("trial_index", 0);
        r.put("variant", trial.variant());
        r.put("factors", Map.of(factor[0], factor[1]));
        r.put("repetition", 1);
        r.put("warmup", false);
        r.put("step", "create");
        r.put("start_time", startMicros);
        r.put("end_time", startMicros + trial.durationNs() / 1000);
        r.put("duration_ns", trial.durationNs());
        r.put("outcome", new GenericData.EnumSymbol(schema.getField("outcome").schema(), "OK"));
        r.put("error", null);
        r.put("metrics", Map.of("bytes", 8.0 * 1024 * 1024, "v", (double) trial.version()));
        if (trial.version() >= 2) {
            r.put("host_settings", Map.of("cpu-governor", "performance"));
        }
        if (trial.version() >= 3) {
            r.put("phase", "measured");
        }
        return r;
    }
}
