package storagebench.html;

import storagebench.Sha256;

/**
 * The anchors of the report's trend charts, which the dashboard's regressions link to: one per series
 * ({@code trend-<host>-<step>-<variant>~<hash>}) and one per change point of it (the series' anchor,
 * {@code --} and the change point's run). ASCII letters, digits, {@code . _ -} are kept, anything else
 * becomes {@code _}; the short hash of the three names that follows keeps two series apart whose names
 * read alike that way, and a link needs no escaping.
 */
public final class TrendAnchor {
    private TrendAnchor() {}

    public static String series(String host, String step, String variant) {
        return "trend-"
                + safe(host)
                + "-"
                + safe(step)
                + "-"
                + safe(variant)
                + "~"
                + Sha256.hex(host + "\0" + step + "\0" + variant).substring(0, 8);
    }

    public static String changePoint(String host, String step, String variant, String runId) {
        return series(host, step, variant) + "--" + safe(runId);
    }

    private static String safe(String name) {
        StringBuilder out = new StringBuilder(name.length());
        for (char c : name.toCharArray()) {
            boolean kept =
                    c < 128 && (Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-');
            out.append(kept ? c : '_');
        }
        return out.toString();
    }
}
