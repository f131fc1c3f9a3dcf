package storagebench.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificRecord;
import org.apache.avro.specific.SpecificRecordBuilderBase;
import org.junit.jupiter.api.Test;

/** TrialRef stamps one trial's identity onto every event type that carries it, from one list of fields. */
class TrialRefTest {
    private static final TrialRef REF =
            new TrialRef("r1", "exp", "h1", "r1/t3", 3, "mode=a", Map.of("mode", "a"), true);

    private static final List<String> IDENTITY =
            List.of(
                    "run_id",
                    "experiment",
                    "host",
                    "trial_id",
                    "trial_index",
                    "variant",
                    "factors",
                    "warmup",
                    "step");

    private static SpecificRecordBuilderBase<?> builder(EventType type) throws Exception {
        Method newBuilder = type.recordClass().getMethod("newBuilder");
        return (SpecificRecordBuilderBase<?>) newBuilder.invoke(null);
    }

    @Test
    void everyTypeWithATrialGetsEachIdentityField() throws Exception {
        List<EventType> ofTrials =
                Arrays.stream(EventType.values())
                        .filter(t -> t.schema().getField("trial_id") != null)
                        .toList();
        assertThat(ofTrials)
                .containsExactlyInAnyOrder(
                        EventType.TRIAL_TIMED,
                        EventType.IO_SAMPLE,
                        EventType.THROUGHPUT_SAMPLE,
                        EventType.HOST_SAMPLE,
                        EventType.WAIT_SAMPLE);
        for (EventType type : ofTrials) {
            // when
            SpecificRecordBuilderBase<?> stamped = REF.stamp(builder(type), "load");
            // then: the fields the schema says make a trial's identity, each set, and no other
            Schema schema = type.schema();
            List<String> set =
                    schema.getFields().stream()
                            .map(Schema.Field::name)
                            .filter(name -> has(stamped, name))
                            .toList();
            assertThat(set).as(type.name()).containsExactlyInAnyOrderElementsOf(IDENTITY);
            SpecificRecord values = copyOf(stamped, schema);
            assertThat(values.get(schema.getField("run_id").pos())).isEqualTo("r1");
            assertThat(values.get(schema.getField("trial_index").pos())).isEqualTo(3);
            assertThat(values.get(schema.getField("factors").pos())).isEqualTo(Map.of("mode", "a"));
            assertThat(values.get(schema.getField("warmup").pos())).isEqualTo(true);
            assertThat(values.get(schema.getField("step").pos())).isEqualTo("load");
        }
    }

    @Test
    void aTypeWithoutATrialIsRefusedByName() {
        assertThatThrownBy(() -> REF.stamp(RunFinished.newBuilder(), "x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("RunFinished$Builder has no field");
    }

    /** Whether the builder's {@code has<Field>()} says the field was set. */
    private static boolean has(Object builder, String field) {
        return (boolean) call(builder, "has", field);
    }

    /** The builder's values as a record, read through its getters into the record's positions. */
    private static SpecificRecord copyOf(Object builder, Schema schema) throws Exception {
        SpecificRecord record =
                (SpecificRecord) Class.forName(schema.getFullName()).getConstructor().newInstance();
        for (String field : IDENTITY) {
            record.put(schema.getField(field).pos(), call(builder, "get", field));
        }
        return record;
    }

    /** The builder's {@code <prefix><Field>()}, the field's snake_case name in camel case. */
    private static Object call(Object builder, String prefix, String field) {
        StringBuilder name = new StringBuilder(prefix);
        for (String part : field.split("_")) {
            name.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
        }
        try {
            return builder.getClass().getMethod(name.toString()).invoke(builder);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
