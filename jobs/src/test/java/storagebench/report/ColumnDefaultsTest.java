package storagebench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import storagebench.events.EventType;

class ColumnDefaultsTest {
    @ParameterizedTest
    @EnumSource(EventType.class)
    void everyFieldWithADefaultInTheSchemaHasOneThatDuckDbReads(EventType type) throws Exception {
        // when
        Map<String, String> defaults = ColumnDefaults.of(type);

        // then
        for (Schema.Field field : type.schema().getFields()) {
            if (field.hasDefaultValue()) {
                assertThat(defaults).as(type.table()).containsKey(field.name());
            }
        }
        try (Connection duckdb = DuckDb.connect();
                Statement statement = duckdb.createStatement()) {
            for (Map.Entry<String, String> column : defaults.entrySet()) {
                try (ResultSet rs = statement.executeQuery("SELECT " + column.getValue())) {
                    assertThat(rs.next()).as(column.getKey()).isTrue();
                }
            }
        }
    }

    @Test
    void theDefaultsAreTheSchemasAndTheRequiredColumnsReadAreEmpty() {
        // when
        Map<String, String> trials = ColumnDefaults.of(EventType.TRIAL_TIMED);
        Map<String, String> runs = ColumnDefaults.of(EventType.RUN_STARTED);
        Map<String, String> samples = ColumnDefaults.of(EventType.IO_SAMPLE);

        // then
        assertThat(trials)
                .containsEntry("phase", "'measured'")
                .containsEntry("metrics", "MAP {}::MAP(VARCHAR, DOUBLE)")
                .containsEntry("factors", "MAP {}::MAP(VARCHAR, VARCHAR)")
                .containsEntry("start_time", "NULL::TIMESTAMPTZ")
                .doesNotContainKeys("run_id", "duration_ns");
        assertThat(runs)
                .containsEntry("attempt", "1")
                .containsEntry("schedule", "NULL::VARCHAR")
                .containsEntry("scheduled_time", "NULL::TIMESTAMPTZ")
                .containsEntry("fire_time", "NULL::TIMESTAMPTZ")
                .containsEntry("configuration", "NULL::VARCHAR")
                .containsEntry("config_text", "NULL::VARCHAR")
                .containsEntry("config_sha256", "NULL::VARCHAR")
                .containsEntry("configuration_values", "MAP {}::MAP(VARCHAR, VARCHAR)");
        assertThat(samples)
                .containsEntry("queued_ms", "0.0::DOUBLE")
                .containsEntry("device_ms", "0.0::DOUBLE")
                .containsEntry("cap_iops", "NULL::DOUBLE")
                .containsEntry("latency_p50_us", "NULL::DOUBLE")
                .containsEntry("modelled", "false");
    }
}
