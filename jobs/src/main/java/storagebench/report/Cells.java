package storagebench.report;

import java.math.BigDecimal;
import storagebench.logformat.ControlCharacters;

/**
 * One value as the machine-readable formats write it: numbers at full precision without exponent,
 * empty (CSV) or null (JSON) where absent or not finite; control characters (but tab) in CSV text as
 * &#92;uXXXX, as JSON escapes them.
 */
public final class Cells {
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

    public static String json(Object value) {
        if (value instanceof String) {
            StringBuilder s = new StringBuilder("\"");
            for (char c : ((String) value).toCharArray()) {
                if (c == '"' || c == '\\') {
                    s.append('\\').append(c);
                } else if (c < 0x20) {
                    s.append(String.format("\\u%04x", (int) c));
                } else {
                    s.append(c);
                }
            }
            return s.append('"').toString();
        }
        String n = number(value);
        return n == null ? "null" : n;
    }
}
