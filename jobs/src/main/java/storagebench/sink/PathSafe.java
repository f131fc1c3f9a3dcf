package storagebench.sink;

import java.nio.charset.StandardCharsets;
import storagebench.Sha256;

/**
 * A partition value as one safe folder-name part, Hive style: ASCII letters, digits and {@code _ -
 * .} stay, every other ASCII character becomes {@code %XX}. Other letters, marks, digits, symbols
 * and punctuation ({@code café}, {@code 日本語}) stay as they are: Spark decodes each {@code %XX} as
 * one character, so their UTF-8 bytes escaped would come back garbled there, while DuckDB and Hive
 * read them either way. What is invisible or unprintable (controls, format characters such as
 * U+202E, separators, unassigned and private-use code points) becomes the {@code %XX} of its UTF-8
 * bytes. A leading dot is escaped too, so no value makes a hidden folder or {@code ..}. An empty
 * value is Hive's default partition. A value whose escaped form would exceed {@value #MAX} UTF-8
 * bytes is cut and given a hash suffix after a {@code ~} (never produced otherwise), so distinct
 * values stay distinct.
 */
public final class PathSafe {
    static final String EMPTY = "__HIVE_DEFAULT_PARTITION__";
    static final int MAX = 200;
    private static final int KEEP = 160;

    private PathSafe() {}

    static String escape(String value) {
        if (value == null || value.isEmpty()) {
            return EMPTY;
        }
        StringBuilder out = new StringBuilder(value.length() + 8);
        int bytes = 0;
        int cut = -1;
        for (int i = 0; i < value.length(); ) {
            int c = value.codePointAt(i);
            String unit = unit(c, i == 0);
            int size = unit.getBytes(StandardCharsets.UTF_8).length;
            if (cut < 0 && bytes + size > KEEP) {
                cut = out.length();
            }
            out.append(unit);
            bytes += size;
            i += Character.charCount(c);
        }
        return bytes <= MAX ? out.toString() : out.substring(0, cut) + "~" + hashOf(value);
    }

    /**
     * Whether a character stays as it is in a name: ASCII letters, digits, {@code _ -}, a dot not
     * first, and printable characters beyond ASCII.
     */
    public static boolean plain(int c, boolean first) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || c == '_'
                || c == '-'
                || (c == '.' && !first)
                || (c > 0x7F && printable(c));
    }

    private static String unit(int c, boolean first) {
        boolean plain = plain(c, first);
        if (plain) {
            return Character.toString(c);
        }
        StringBuilder escaped = new StringBuilder();
        for (byte b : Character.toString(c).getBytes(StandardCharsets.UTF_8)) {
            escaped.append('%')
                    .append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xF, 16)))
                    .append(Character.toUpperCase(Character.forDigit(b & 0xF, 16)));
        }
        return escaped.toString();
    }

    private static boolean printable(int c) {
        return switch (Character.getType(c)) {
            case Character.CONTROL,
                    Character.FORMAT,
                    Character.UNASSIGNED,
                    Character.PRIVATE_USE,
                    Character.SURROGATE,
                    Character.LINE_SEPARATOR,
                    Character.PARAGRAPH_SEPARATOR,
                    Character.SPACE_SEPARATOR ->
                    false;
            default -> true;
        };
    }

    private static String hashOf(String value) {
        return Sha256.hex(value).substring(0, 16);
    }
}
