package storagebench.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.message.BinaryMessageEncoder;
import org.junit.jupiter.api.Test;

class EventCodecTest {
    private final EventCodec codec = new EventCodec();

    static TrialTimed trial() {
        Instant start = Instant.parse("2026-11-30T10:00:00.123456Z");
        return TrialTimed.newBuilder()
                .setEventId("r1/t0/measure")
                .setRunId("r1")
                .setExperiment("file-init")
                .setHost("h1")
                .setTrialId("r1-t0")
                .setTrialIndex(0)
                .setVariant("init=zero, files=4")
                .setFactors(Map.of("init", "zero", "files", "4"))
                .setRepetition(1)
                .setWarmup(false)
                .setStep("create")
                .setStartTime(start)
                .setEndTime(start.plus(5, ChronoUnit.MILLIS))
                .setDurationNs(5_000_000L)
                .setOutcome(Outcome.OK)
                .setError(null)
                .setMetrics(Map.of("bytes", 4.0 * 8 * 1024 * 1024))
                .build();
    }

    @Test
    void roundTripsEveryEventType() throws Exception {
        // given
        TrialTimed trial = trial();
        RunFinished finished =
                RunFinished.newBuilder()
                        .setEventId("r1/finished/1")
                        .setRunId("r1")
                        .setExperiment("file-init")
                        .setHost("h1")
                        .setStatus(RunStatus.COMPLETED)
                        .setTrials(4)
                        .setFailures(0)
                        .setError(null)
                        .setEndTime(Instant.parse("2026-11-30T10:01:00Z"))
                        .build();
        // when
        byte[] bytes = codec.encode(trial);
        // then
        assertThat(bytes[0]).isEqualTo((byte) 0xC3);
        assertThat(codec.typeOf(bytes)).isEqualTo(EventType.TRIAL_TIMED);
        assertThat(codec.decode(bytes)).isEqualTo(trial);
        assertThat(codec.decode(codec.encode(finished))).isEqualTo(finished);
    }

    @Test
    void decodesEveryReleasedWriterVersionIntoTheCurrentClass() throws Exception {
        for (ReleasedSchemas.Version version : ReleasedSchemas.all()) {
            // given: a record written with the released schema, default values only
            GenericRecord record = minimal(version.schema());
            ByteBuffer encoded =
                    new BinaryMessageEncoder<GenericRecord>(GenericData.get(), version.schema())
                            .encode(record);
            byte[] bytes = new byte[encoded.remaining()];
            encoded.get(bytes);
            // when
            Object decoded = codec.decode(bytes);
            // then
            assertThat(decoded).as(version.path()).isInstanceOf(version.type().recordClass());
        }
    }

    @Test
    void rejectsGarbageWithAReason() {
        assertThatThrownBy(() -> codec.decode("not an event".getBytes()))
                .isInstanceOf(UndecodableEventException.class)
                .hasMessageContaining("marker");
        byte[] unknown = {(byte) 0xC3, 0x01, 1, 2, 3, 4, 5, 6, 7, 8, 0};
        assertThatThrownBy(() -> codec.decode(unknown))
                .isInstanceOf(UndecodableEventException.class)
                .hasMessageContaining("unknown schema fingerprint");
        byte[] truncated = Arrays.copyOf(codec.encode(trial()), 14);
        assertThatThrownBy(() -> codec.decode(truncated))
                .isInstanceOf(UndecodableEventException.class)
                .hasMessageContaining("corrupt TrialTimed");
    }

    /** A record of the schema with a plausible value in every field. */
    private static GenericRecord minimal(Schema schema) throws IOException {
        GenericData.Record record = new GenericData.Record(schema);
        for (Schema.Field field : schema.getFields()) {
            record.put(field.pos(), sample(field.schema()));
        }
        return record;
    }

    private static Object sample(Schema schema) throws IOException {
        return switch (schema.getType()) {
            case STRING -> "x";
            case INT -> 1;
            case LONG -> 1L;
            case DOUBLE -> 1.0;
            case BOOLEAN -> true;
            case MAP -> Map.of("k", sample(schema.getValueType()));
            case ARRAY -> List.of(sample(schema.getElementType()));
            case ENUM -> new GenericData.EnumSymbol(schema, schema.getEnumSymbols().get(0));
            case UNION -> null;
            case RECORD -> minimal(schema);
            default -> throw new IOException("no sample for " + schema);
        };
    }
}
