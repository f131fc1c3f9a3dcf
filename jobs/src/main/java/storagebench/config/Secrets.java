package storagebench.config;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Secrets in config text: which names look like one, and the text with their values removed before
 * it is stored, published, logged or shown. One set of rules for every text that is recorded: a
 * config's YAML, a URL, a command line, an environment, a message. A name that says where a secret is
 * kept ({@code password-env}, {@code password-file}) is not one: a restarted run needs it to read the
 * secret again; nor is a reference ({@code ${env:NAME}}, {@code ${file:PATH}}), which is recorded as
 * written and resolved only when the command or connection is made ({@link SecretReferences}).
 */
public final class Secrets {
    /** What a removed value becomes. */
    public static final String MASK = "***";

    private static final String SECRET_WORD =
            "(?:password|passwd|pwd|secret|token|credential|api[-_]?key)";
    private static final String NOT_WHERE = "(?<![-_]env)(?<![-_]file)";
    private static final Pattern SECRET_NAME =
            Pattern.compile("(?i)[\\w.-]*" + SECRET_WORD + "[\\w.-]*" + NOT_WHERE);

    /** A secret's name in text; bounded, so that a long word costs linear time, not quadratic. */
    private static final String NAME = "[\\w.-]{0,64}" + SECRET_WORD + "[\\w.-]{0,64}" + NOT_WHERE;

    /** A YAML key naming a secret, with its value. */
    private static final Pattern SECRET_LINE =
            Pattern.compile("(?im)^(\\s*-?\\s*" + NAME + "\\s*:\\s*)(\\S.*)$");

    /**
     * A value: quoted (also with its quotes escaped, as inside a quoted YAML string: \\" or ''), SQL Server's braced {@code {a;b}}c}} ({@code }}} escapes), or up to ; & | a quote
     * or a blank. Never a reference or a value already removed. {@code %s} is where a rule says what
     * else it may not start with.
     */
    private static final String VALUE =
            "(?<v>(?!\\$\\{(?:env|file):)(?!\\*\\*\\*)%s"
                    + "(?:\\\\\"(?:[^\"\\\\\\n]|\\\\[^\"\\n])*\\\\\""
                    + "|\"(?:[^\"\\\\\\n]|\\\\.)*\"|''[^'\\n]*''|'[^'\\n]*'|\\{(?:[^}\\n]|}})*}(?!})"
                    + "|[^\\s;&\"'|]+))";

    /** A value already removed, for {@link #removedAt}. */
    private static final String REMOVED = "(?<v>\\*\\*\\*|'\\*\\*\\*')";

    /**
     * A command's own text after its program, on one line (or continued by a backslash); a loop per
     * line, not per character, so that a long command does not overflow the stack.
     */
    private static final String ARGS = "[^\\n;|&]*?(?:\\\\\\n[^\\n;|&]*?)*?";

    /** A program's name at the start of a word, with or without a folder and .exe. */
    private static String tool(String names) {
        return "(?<![^\\s'\"=;|&(`])(?:[^\\s'\"]*[/\\\\])?(?:"
                + names
                + ")(?:\\.exe)?(?=\\s)"
                + ARGS;
    }

    /** Each rule: what comes before the value, with %s where the value goes. */
    private static final List<String> RULES =
            List.of(
                    // name=value: a URL's password=, an environment's PGPASSWORD=, ODBC's PWD=
                    "(?i)(?<![\\w.-])" + NAME + "=%s",
                    // an environment entry whose name holds PASS or KEY (not a file's or a
                    // variable's name)
                    "(?i)(?<![\\w.-])[a-z_]\\w*(?:pass|key)\\w*(?<!file)(?<![-_]env)=%s",
                    // --password X, --db-password=X, -password X (not --password-file,
                    // --no-password)
                    "(?i)(?<![\\w-])--?(?!no-)" + NAME.replace("\\w.-", "\\w-") + "(?:=|\\s+)%s",
                    // Windows: /P X, /P:X; SQL Server setup's /SAPWD=, /SQLSVCPASSWORD=
                    "(?<![\\w/])/P(?:\\s+|:)%s",
                    "(?i)(?<![\\w/])/\\w*(?:password|pwd)[=:]%s",
                    // sqlcmd, bcp, osql, Sybase isql: -P X and -PX (-p is something else there)
                    "(?i)" + tool("sqlcmd|bcp|osql|isql") + "\\s(?-i:-P)\\s*%s",
                    // MySQL's and MariaDB's tools: -pX only (-P is the port; -p alone prompts)
                    "(?i)" + tool("mysql[\\w-]*|mariadb[\\w-]*") + "\\s(?-i:-p)%s",
                    // Firebird's tools: -pa[ssword] X; isql also -p X
                    "(?i)"
                            + tool("isql-fb|isql|gbak|gfix|gstat|gsec|nbackup|fbsvcmgr")
                            + "\\s-pa(?:s(?:s(?:w(?:o(?:r(?:d)?)?)?)?)?)?\\s+%s",
                    "(?i)" + tool("isql-fb|isql") + "\\s-p\\s+%s");

    private static final List<Pattern> SECRETS =
            RULES.stream()
                    .map(r -> Pattern.compile(r.formatted(VALUE.formatted("(?!-)"))))
                    .toList();
    private static final List<Pattern> REMOVED_SECRETS =
            RULES.stream().map(r -> Pattern.compile(r.formatted(REMOVED))).toList();

    /** The password of a URL's user info, {@code scheme://user:password@}, up to the last @ of the authority. */
    private static final Pattern USER_INFO =
            Pattern.compile(
                    "(?i)\\b[a-z][a-z0-9+.-]*://[^\\s:/@'\"]*:(?<v>(?!\\$\\{(?:env|file):)(?!\\*\\*\\*@)[^\\s/'\"]*)@");

    /**
     * Words of which every rule's match holds one (case aside): a secret's name (SECRET_WORD's and the
     * environment rule's pass and key), a Windows switch's {@code /P}, a program that takes a password,
     * a URL's {@code ://}. Text with none of them holds no secret, and is not run through the rules:
     * a progress line is logged after every trial, while the trial's commit runs, and the rules took
     * 17-40 µs of it (the clues 0.2-2 µs), the JIT warmed.
     */
    private static final List<String> CLUES =
            List.of(
                    "pass",
                    "pwd",
                    "secret",
                    "token",
                    "credential",
                    "api",
                    "key",
                    "/p",
                    "sqlcmd",
                    "bcp",
                    "osql",
                    "isql",
                    "mysql",
                    "mariadb",
                    "gbak",
                    "gfix",
                    "gstat",
                    "gsec",
                    "nbackup",
                    "fbsvcmgr",
                    "://");

    private Secrets() {}

    /** The config text with every secret's value replaced by ***: YAML keys named like one, and {@link #redactText}. */
    public static String redact(String text) {
        return redactText(SECRET_LINE.matcher(text).replaceAll("$1'***'"));
    }

    /**
     * Text (a URL, a command line, an environment, a description, a message) with every secret's value
     * replaced by ***: PostgreSQL's {@code ?password=x&}, H2's and SQL Server's {@code ;password=x;} and
     * braced values, ODBC's {@code PWD=x}, {@code postgresql://bob:***@host/db}, environment entries
     * whose names hold PASS, SECRET, TOKEN or KEY, {@code --password x}, {@code /P x}, {@code
     * /SAPWD=x}, and {@code -P x} or {@code -px} where the program (sqlcmd, bcp, mysql, isql, gbak, …)
     * takes a password there.
     */
    public static String redactText(String text) {
        if (text == null || !mayHoldSecret(text)) {
            return text;
        }
        return redactEveryRule(text);
    }

    /** Whether {@code text} holds one of the {@link #CLUES}: where none is, no rule can match. */
    static boolean mayHoldSecret(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        for (String clue : CLUES) {
            if (lower.contains(clue)) {
                return true;
            }
        }
        return false;
    }

    /** {@link #redactText} through every rule, whatever the text holds. */
    static String redactEveryRule(String text) {
        String out = text;
        for (Pattern rule : SECRETS) {
            // a command may give a password twice; each pass removes the first left
            for (String before = null; !out.equals(before); ) {
                before = out;
                out = mask(rule, out);
            }
        }
        return mask(USER_INFO, out);
    }

    private static String mask(Pattern rule, String text) {
        Matcher m = rule.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(
                    out,
                    Matcher.quoteReplacement(
                            text.substring(m.start(), m.start("v"))
                                    + MASK
                                    + text.substring(m.end("v"), m.end())));
        }
        return m.appendTail(out).toString();
    }

    /**
     * The line (1-based) of the first value this class removed from {@code text}, if any: a stored
     * copy with a secret removed cannot be run again as it was.
     */
    public static Optional<Integer> removedAt(String text) {
        int first = Integer.MAX_VALUE;
        for (Pattern rule : REMOVED_SECRETS) {
            Matcher m = rule.matcher(text);
            if (m.find()) {
                first = Math.min(first, m.start("v"));
            }
        }
        Matcher line = SECRET_LINE.matcher(text);
        while (line.find()) {
            if (line.group(2).strip().matches("'?\\*\\*\\*'?")) {
                first = Math.min(first, line.start(2));
                break;
            }
        }
        Matcher userInfo =
                Pattern.compile("(?i)\\b[a-z][a-z0-9+.-]*://[^\\s:/@'\"]*:\\*\\*\\*@")
                        .matcher(text);
        if (userInfo.find()) {
            first = Math.min(first, userInfo.start());
        }
        if (first == Integer.MAX_VALUE) {
            return Optional.empty();
        }
        return Optional.of(
                (int) text.substring(0, first).chars().filter(c -> c == '\n').count() + 1);
    }

    /** Whether a key's name says it holds a secret ({@code db-password}, {@code api_key}, {@code token}). */
    public static boolean isSecretName(String name) {
        return SECRET_NAME.matcher(name).matches();
    }

    /** Whether a value carries a secret that {@link #redactText} would remove. */
    public static boolean holdsSecret(String value) {
        return !redactText(value).equals(value);
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
