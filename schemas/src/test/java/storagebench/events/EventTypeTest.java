package storagebench.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;

class EventTypeTest {
    private static final Instant TIME = Instant.parse("2024-03-01T23:59:59.123456Z");
    private static final Map<EventType, String> PARTITION_FIELD =
            Map.of(
                    EventType.THROUGHPUT_SAMPLE,
                    "interval_start",
                    EventType.RUN_STARTED,
                    "start_time",
                    EventType.TRIAL_TIMED,
                    "start_time",
                    EventType.RUN_FINISHED,
                    "end_time",
                    EventType.IO_SAMPLE,
                    "interval_start",
                    EventType.REGRESSION,
                    "detected_time",
                    EventType.HOST_SAMPLE,
                    "interval_start",
                    EventType.WAIT_SAMPLE,
                    "interval_start");

    private final EventCodec codec = new EventCodec();

    @Test
    void everyTypeNamesItsExperimentAndPartitionTimeInTheCurrentAndEveryReleasedSchema()
            throws Exception {
        Map<String, Schema> writers = new LinkedHashMap<>();
        for (EventType type : EventType.values()) {
            writers.put(type.schemaName() + " (current)", type.schema());
        }
        ReleasedSchemas.all().forEach(version -> writers.put(version.path(), version.schema()));
        for (Map.Entry<String, Schema> entry : writers.entrySet()) {
            Schema writer = entry.getValue();
            // given an event written with this schema: its experiment and partition field set, the
            // others distinct
            EventType type = EventType.ofSchemaName(writer.getName());
            GenericRecord written = sample(writer);
            written.put("experiment", "exp " + writer.getName());
            written.put(PARTITION_FIELD.get(type), micros(TIME));

            // when
            SpecificRecord event = codec.decode(encode(writer, written));

            // then
            assertThat(type.experiment(event))
                    .as(entry.getKey())
                    .isEqualTo("exp " + writer.getName());
            assertThat(type.partitionTime(event)).as(entry.getKey()).isEqualTo(TIME);
        }
    }

    @Test
    void theAccessorsReadTheSameFieldsAsTheSchemaNamesThem() throws Exception {
        for (EventType type : EventType.values()) {
            // given
            SpecificRecord event = codec.decode(encode(type.schema(), sample(type.schema())));

            // when
            String experiment = type.experiment(event);
            Instant time = type.partitionTime(event);

            // then
            assertThat(experiment)
                    .isEqualTo(event.get(event.getSchema().getField("experiment").pos()));
            assertThat(time)
                    .isEqualTo(
                            event.get(event.getSchema().getField(PARTITION_FIELD.get(type)).pos()));
        }
    }

    @Test
    void anEventOfAnotherTypeIsRefusedNamingTheType() throws Exception {
        // given
        SpecificRecord finished =
                codec.decode(
                        encode(RunFinished.getClassSchema(), sample(RunFinished.getClassSchema())));

        // when / then
        assertThatThrownBy(() -> EventType.TRIAL_TIMED.experiment(finished))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("TrialTimed")
                .hasMessageContaining("RunFinished");
        assertThatThrownBy(() -> EventType.RUN_STARTED.partitionTime(finished))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("RunStarted");
    }

    private static long micros(Instant time) {
        return time.getEpochSecond() * 1_000_000L + time.getNano() / 1_000;
    }

    private static byte[] encode(Schema schema, GenericRecord record) throws Exception {
        ByteBuffer encoded =
                new BinaryMessageEncoder<GenericRecord>(GenericData.get(), schema).encode(record);
        byte[] bytes = new byte[encoded.remaining()];
        encoded.get(bytes);
        return bytes;
    }

    /** A record of the schema with a value of its own in every field: a string its name, a time its position in seconds. */
    private static GenericRecord sample(Schema schema) {
        GenericData.Record record = new GenericData.Record(schema);
        for (Schema.Field field : schema.getFields()) {
            record.put(field.pos(), value(field, field.schema()));
        }
        return record;
    }

    private static Object value(Schema.Field field, Schema schema) {
        return switch (schema.getType()) {
            case STRING -> field.name();
            case INT -> field.pos();
            case LONG -> field.pos() * 1_000_000L;
            case DOUBLE -> (double) field.pos();
            case BOOLEAN -> true;
            case MAP -> Map.of("k", value(field, schema.getValueType()));
            case ARRAY -> List.of(value(field, schema.getElementType()));
            case ENUM -> new GenericData.EnumSymbol(schema, schema.getEnumSymbols().get(0));
            case UNION -> null;
            case RECORD -> sample(schema);
            default -> throw new IllegalArgumentException("no value for " + schema);
        };
    }
}
