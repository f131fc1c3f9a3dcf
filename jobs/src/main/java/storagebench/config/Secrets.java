package storagebench.config;

import java.util.regex.Pattern;

/**
 * Secrets in config text: which names look like one, and the text with their values removed before
 * it is stored or published. A name that says where a secret is kept ({@code password-env},
 * {@code password-file}) is not one: a restarted run needs it to read the secret again.
 */
public final class Secrets {
    // tried only where a name starts: from every position, a long run of name characters (a 1 MB
    // line) took O(n²) steps to scan
    private static final String NAME =
            "(?<![\\w.-])[\\w.-]*(?:password|passwd|secret|token|credential|api[-_]?key)[\\w.-]*"
                    + "(?<![-_]env)(?<![-_]file)";
    private static final Pattern SECRET_NAME = Pattern.compile("(?i)" + NAME);

    /** A YAML key naming a secret, with its value. */
    private static final Pattern SECRET_LINE =
            Pattern.compile("(?im)^(\\s*-?\\s*" + NAME + "\\s*:\\s*)(\\S.*)$");

    /**
     * {@code name=value} for a secret's name, up to ; & a quote or a blank, or SQL Server's braced
     * {@code password={a;b}}c}} ({@code }}} escapes): a URL's {@code password=}, an environment's
     * {@code PGPASSWORD=}.
     */
    private static final Pattern SECRET_PAIR =
            Pattern.compile("(?i)(" + NAME + "=)(?:\\{(?:[^}]|}})*}(?!})" + "|[^;&\\s\"']+)");

    /** The password of a URL's user info, {@code scheme://user:password@}, up to the last @ of the authority. */
    private static final Pattern USER_INFO =
            Pattern.compile("(?i)\\b([a-z][a-z0-9+.-]*://[^\\s:/@'\"]*:)" + "[^\\s/'\"]*@");

    private Secrets() {}

    /** The config text with every secret's value replaced by ***. */
    public static String redact(String text) {
        return redactUrl(SECRET_LINE.matcher(text).replaceAll("$1'***'"));
    }

    /**
     * Text (a URL, a description, an environment) with the value of every {@code password=}-like
     * parameter and the password of every URL's user info replaced by ***: PostgreSQL's
     * {@code ?password=x&}, H2's and SQL Server's {@code ;password=x;}, SQL Server's braced value,
     * {@code postgresql://bob:***@host/db}.
     */
    public static String redactUrl(String text) {
        String pairs = SECRET_PAIR.matcher(text).replaceAll("$1***");
        return USER_INFO.matcher(pairs).replaceAll("$1***@");
    }

    /** Whether a key's name says it holds a secret ({@code db-password}, {@code api_key}, {@code token}). */
    public static boolean isSecretName(String name) {
        return SECRET_NAME.matcher(name).matches();
    }

    /** Whether a value carries a secret that {@link #redactUrl} would remove. */
    public static boolean holdsSecret(String value) {
        return !redactUrl(value).equals(value);
    }

    /** Refuses the first key of a mapping whose name looks like a secret, saying {@code why} it cannot be one. */
    public static void refuseSecretKeys(ConfigNode mapping, String why) {
        for (String key : mapping.keys()) {
            if (isSecretName(key)) {
                throw mapping.get(key).error("looks like a secret: " + why);
            }
        }
    }

    /** Why a secret cannot be a factor, for messages that never show the value. */
    public static final String NOT_A_FACTOR =
            "a factor's value labels every result (the summary, the trials, the "
                    + "topic and the dataset), so it cannot be a secret, and a redacted label would make variants "
                    + "indistinguishable; a target's password comes from password-env or password-file";
}
