package storagebench.html;

import storagebench.Sha256;
import storagebench.sink.PathSafe;

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
        return PathSafe.plain(c, first);
    }

    private static String hashOf(String text) {
        return Sha256.hex(text).substring(0, 8);
    }
}
