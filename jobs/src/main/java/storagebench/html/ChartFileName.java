package storagebench.html;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The file name of a PNG chart: its experiment's and step's (or file's) names, kept readable. */
final class ChartFileName {
    private ChartFileName() {}

    /**
     * {@code <experiment>--<what>--<kind>.png}, with printable letters of any script kept as the
     * dataset's folders keep them. Where a name loses a character (or holds the separator) a short
     * hash of both names follows the kind after a {@code ~}, which no kept name holds, so two
     * experiments never share a file.
     */
    static String of(String experiment, String what, String kind) {
        String name = safe(experiment) + "--" + safe(what) + "--" + kind;
        boolean kept = kept(experiment) && kept(what);
        return (kept ? name : name + "~" + hashOf(experiment + "\0" + what)) + ".png";
    }

    private static boolean kept(String name) {
        return safe(name).equals(name)
                && !name.contains("--")
                && !name.startsWith("-")
                && !name.endsWith("-");
    }

    /** A name for a file on any file system: printable letters, digits, {@code . - _}; others {@code _}. */
    static String safe(String name) {
        StringBuilder out = new StringBuilder(name.length());
        name.codePoints().forEach(c -> out.appendCodePoint(plain(c, out.length() == 0) ? c : '_'));
        return out.length() == 0 ? "_" : out.toString();
    }

    private static boolean plain(int c, boolean first) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || c == '_'
                || c == '-'
                || (c == '.' && !first)
                || (c > 0x7F && printable(c));
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

    private static String hashOf(String text) {
        try {
            byte[] hash =
                    MessageDigest.getInstance("SHA-256")
                            .digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
