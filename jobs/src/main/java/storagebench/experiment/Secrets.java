package storagebench.experiment;

import java.util.regex.Pattern;

/** Removes secret values from config text before it is stored or published. */
public final class Secrets {
    /**
     * A key naming a secret, with its value; not a key that names where a secret is kept
     * ({@code password-env}, {@code password-file}), which a restarted run needs to read it again.
     */
    private static final Pattern SECRET_LINE = Pattern.compile("(?im)^(\\s*-?\\s*[\\w.-]*(?:password|passwd|secret|token"
            + "|credential|api[-_]?key)[\\w.-]*(?<![-_]env)(?<![-_]file)\\s*:\\s*)(\\S.*)$");
    /** {@code password=value} up to ; & or space, or SQL Server's braced {@code password={a;b}}c}} ({@code }}} escapes). */
    private static final Pattern URL_PASSWORD = Pattern.compile("(?i)(password=)(?:\\{(?:[^}]|}})*}(?!})|[^;&\\s]+)");

    private Secrets() {
    }

    public static String redact(String text) {
        String redacted = SECRET_LINE.matcher(text).replaceAll("$1'***'");
        return redactUrl(redacted);
    }

    /**
     * A JDBC URL with the value of any {@code password=} parameter replaced by ***: PostgreSQL's
     * {@code ?password=x&}, H2's and SQL Server's {@code ;password=x;}, SQL Server's braced value.
     */
    public static String redactUrl(String url) {
        return URL_PASSWORD.matcher(url).replaceAll("$1***");
    }
}
