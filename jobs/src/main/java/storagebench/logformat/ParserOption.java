package storagebench.logformat;

import java.util.Objects;

/**
 * One option a log format takes: a plain key ({@code trial}) or a key prefix ({@code factor.}, then
 * any name after it), with the one line that says what it does.
 *
 * @param key the key, or the prefix when {@code prefixed}
 * @param prefixed whether any key starting with {@code key} (and longer than it) is meant
 * @param doc one line: what the option does and its default
 */
public record ParserOption(String key, boolean prefixed, String doc) {
    /** {@value ParserOptions#ENCODING}, for formats read as text in a charset of the user's choosing. */
    public static final ParserOption ENCODING =
            plain(
                    ParserOptions.ENCODING,
                    "the file's charset, e.g. ISO-8859-1 (default UTF-8); bytes invalid in it become U+FFFD");

    public ParserOption {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(doc, "doc");
    }

    public static ParserOption plain(String key, String doc) {
        return new ParserOption(key, false, doc);
    }

    public static ParserOption prefix(String prefix, String doc) {
        return new ParserOption(prefix, true, doc);
    }

    /** Whether {@code given} is this option's key, or this prefix and a name. */
    public boolean accepts(String given) {
        return prefixed
                ? given.startsWith(key) && given.length() > key.length()
                : given.equals(key);
    }

    /** The key as messages and docs show it: a prefix as {@code factor.<name>}. */
    public String shown() {
        return prefixed ? key + "<name>" : key;
    }
}
