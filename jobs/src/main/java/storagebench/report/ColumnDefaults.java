package storagebench.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.JsonProperties;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import storagebench.events.EventType;

/**
 * What a table's columns read as where its files were written before they existed: each field's default
 * in the event type's schema, as a reader of older events would take it, written as DuckDB SQL. A few
 * required columns the queries read, which a file made by other means may lack, read as their type's
 * empty value (NULL, or an empty map).
 */
final class ColumnDefaults {
    /** Required columns (no default in the schema) that the queries read. */
    private static final Map<EventType, List<String>> REQUIRED_READ =
            Map.of(
                    EventType.TRIAL_TIMED, List.of("factors", "start_time"),
                    EventType.RUN_STARTED, List.of("config_text", "config_sha256"));

    private ColumnDefaults() {}

    /** The columns of {@code type}'s table that have a default, each with it as an SQL expression. */
    static Map<String, String> of(EventType type) {
        List<String> required = REQUIRED_READ.getOrDefault(type, List.of());
        Map<String, String> defaults = new LinkedHashMap<>();
        for (Schema.Field field : type.schema().getFields()) {
            if (field.hasDefaultValue()) {
                defaults.put(field.name(), literal(field.defaultVal(), field.schema()));
            } else if (required.contains(field.name())) {
                defaults.put(field.name(), empty(field.schema()));
            }
        }
        return defaults;
    }

    private static String literal(Object value, Schema schema) {
        if (value == JsonProperties.NULL_VALUE) {
            return "NULL::" + sqlType(schema);
        }
        return switch (schema.getType()) {
            case STRING, ENUM -> "'" + value.toString().replace("'", "''") + "'";
            case INT, BOOLEAN -> String.valueOf(value);
            case LONG, DOUBLE, FLOAT -> value + "::" + sqlType(schema);
            case MAP -> {
                if (!((Map<?, ?>) value).isEmpty()) {
                    throw unsupported(schema);
                }
                yield empty(schema);
            }
            default -> throw unsupported(schema);
        };
    }

    private static String empty(Schema schema) {
        return (schema.getType() == Schema.Type.MAP ? "MAP {}::" : "NULL::") + sqlType(schema);
    }

    /** The DuckDB type a Parquet column of the schema reads as. */
    private static String sqlType(Schema schema) {
        return switch (schema.getType()) {
            case UNION -> sqlType(nullable(schema));
            case STRING, ENUM -> "VARCHAR";
            case BOOLEAN -> "BOOLEAN";
            case INT -> "INTEGER";
            case LONG -> timestamp(schema.getLogicalType()) ? "TIMESTAMPTZ" : "BIGINT";
            case FLOAT -> "FLOAT";
            case DOUBLE -> "DOUBLE";
            case MAP -> "MAP(VARCHAR, " + sqlType(schema.getValueType()) + ")";
            default -> throw unsupported(schema);
        };
    }

    /** The one other branch of a union with null. */
    private static Schema nullable(Schema union) {
        List<Schema> others =
                union.getTypes().stream().filter(b -> b.getType() != Schema.Type.NULL).toList();
        if (others.size() != 1) {
            throw unsupported(union);
        }
        return others.get(0);
    }

    private static boolean timestamp(LogicalType type) {
        return type instanceof LogicalTypes.TimestampMicros
                || type instanceof LogicalTypes.TimestampMillis;
    }

    private static IllegalStateException unsupported(Schema schema) {
        return new IllegalStateException("no SQL default for a column of type " + schema);
    }
}
