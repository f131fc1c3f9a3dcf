package storagebench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.math.BigDecimal;
import storagebench.logformat.ControlCharacters;

/**
 * One value as the machine-readable formats write it: numbers at full precision without exponent,
 * empty (CSV) or null (JSON) where absent or not finite; control characters (but tab) in CSV text as
 * &#92;uXXXX, as JSON escapes them. JSON text is Jackson's.
 */
public final class Cells {
    private static final ObjectMapper JSON =
            JsonMapper.builder().enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN).build();

    private Cells() {}

    /** A number without exponent, or null when absent or not finite. */
    public static String number(Object value) {
        if (value instanceof Double) {
            double d = (Double) value;
            return Double.isFinite(d)
                    ? BigDecimal.valueOf(d).stripTrailingZeros().toPlainString()
                    : null;
        }
        return value == null ? null : value.toString();
    }

    public static String csv(Object value) {
        if (value instanceof String) {
            String s = ControlCharacters.escape((String) value);
            boolean quote =
                    s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r");
            return quote ? '"' + s.replace("\"", "\"\"") + '"' : s;
        }
        String n = number(value);
        return n == null ? "" : n;
    }

    /** A JSON value: text as a string, a number as {@link #number} writes it, null where absent. */
    public static String json(Object value) {
        Object plain =
                value instanceof Double d
                        ? Double.isFinite(d) ? BigDecimal.valueOf(d).stripTrailingZeros() : null
                        : value;
        try {
            return JSON.writeValueAsString(plain);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value + " as JSON", e);
        }
    }
}
