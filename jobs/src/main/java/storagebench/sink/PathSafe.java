package storagebench.sink;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A partition value as one safe folder-name part, Hive style: letters, digits, {@code _ - .} stay,
 * every other UTF-8 byte becomes {@code %XX} (Hive, Spark and DuckDB decode that back). A leading dot
 * is escaped too, so no value makes a hidden folder or {@code ..}. An empty value is Hive's default
 * partition. A value whose escaped form would exceed {@value #MAX} characters is cut and given a hash
 * suffix after a {@code ~} (never produced otherwise), so distinct values stay distinct.
 */
final class PathSafe {
    static final String EMPTY = "__HIVE_DEFAULT_PARTITION__";
    static final int MAX = 200;
    private static final int KEEP = 160;

    private PathSafe() {}

    static String escape(String value) {
        if (value == null || value.isEmpty()) {
            return EMPTY;
        }
        StringBuilder out = new StringBuilder(value.length() + 8);
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < bytes.length; i++) {
            int b = bytes[i] & 0xFF;
            boolean plain =
                    (b >= 'a' && b <= 'z')
                            || (b >= 'A' && b <= 'Z')
                            || (b >= '0' && b <= '9')
                            || b == '_'
                            || b == '-'
                            || (b == '.' && i > 0);
            if (plain) {
                out.append((char) b);
            } else {
                out.append('%')
                        .append(Character.toUpperCase(Character.forDigit(b >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(b & 0xF, 16)));
            }
        }
        return out.length() <= MAX ? out.toString() : shortened(out, bytes);
    }

    private static String shortened(StringBuilder escaped, byte[] value) {
        int cut = KEEP;
        while (cut > 0 && (escaped.charAt(cut - 1) == '%' || escaped.charAt(cut - 2) == '%')) {
            cut--;
        }
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(value);
            return escaped.substring(0, cut) + "~" + HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
