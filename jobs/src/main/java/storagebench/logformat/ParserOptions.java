package storagebench.logformat;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import storagebench.BadInputException;

/**
 * The options given to one parser, checked once against those it declares ({@link LogParser#options})
 * before it reads: a key the parser does not know, or a value it cannot use, is a
 * {@link BadInputException} naming the format, the key and the keys it knows.
 */
public final class ParserOptions {
    /** The charset of the file; bytes invalid in it become U+FFFD. */
    public static final String ENCODING = "encoding";

    private final String format;
    private final Map<String, String> values;

    private ParserOptions(String format, Map<String, String> values) {
        this.format = format;
        this.values = values;
    }

    /** The options given to {@code parser}, checked against the ones it declares ({@link LogParser#options}). */
    public static ParserOptions check(LogParser parser, Map<String, String> options) {
        return check(parser.name(), options, parser.options());
    }

    /**
     * @param format the format, as messages name it (e.g. {@code csv: mapping file m.yaml})
     * @param known the options the format takes
     */
    public static ParserOptions check(
            String format, Map<String, String> options, List<ParserOption> known) {
        for (String key : options.keySet()) {
            if (known.stream().noneMatch(option -> option.accepts(key))) {
                List<String> shown = known.stream().map(ParserOption::shown).toList();
                throw new BadInputException(
                        format
                                + ": unknown option '"
                                + key
                                + "'; "
                                + (shown.isEmpty()
                                        ? "it takes none"
                                        : "options: " + String.join(", ", shown)));
            }
        }
        return new ParserOptions(format, new LinkedHashMap<>(options));
    }

    /** The format the options were checked for. */
    public String format() {
        return format;
    }

    /** These options laid over {@code defaults}: a key both give has this value, in the defaults' order. */
    public ParserOptions over(ParserOptions defaults) {
        Map<String, String> merged = new LinkedHashMap<>(defaults.values);
        merged.putAll(values);
        return new ParserOptions(format, merged);
    }

    /** The value given for {@code key}; empty when none or an empty one was given. */
    public Optional<String> get(String key) {
        return Optional.ofNullable(values.get(key)).filter(v -> !v.isEmpty());
    }

    public boolean flag(String key, boolean fallback) {
        String value = get(key).map(String::trim).orElse(null);
        if (value == null) {
            return fallback;
        }
        if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(value);
        }
        throw bad(key, value, "true or false");
    }

    /** The entries whose key starts with {@code prefix}, keyed by the rest, in the order given. */
    public Map<String, String> withPrefix(String prefix) {
        Map<String, String> found = new LinkedHashMap<>();
        values.forEach(
                (k, v) -> {
                    if (k.startsWith(prefix)) {
                        found.put(k.substring(prefix.length()), v);
                    }
                });
        return found;
    }

    /** {@value #ENCODING}, UTF-8 by default. */
    public Charset charset() {
        String name = get(ENCODING).map(String::trim).orElse(null);
        if (name == null) {
            return StandardCharsets.UTF_8;
        }
        try {
            return Charset.forName(name);
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            throw bad(ENCODING, name, "a charset name such as UTF-8 or ISO-8859-1");
        }
    }

    /** The zone id of option {@code key}, empty without it. */
    public Optional<ZoneId> zone(String key) {
        String zone = get(key).map(String::strip).orElse(null);
        try {
            return zone == null ? Optional.empty() : Optional.of(ZoneId.of(zone));
        } catch (DateTimeException e) {
            throw bad(key, zone, "a zone id such as Europe/Copenhagen or UTC");
        }
    }

    public BadInputException bad(String key, String value, String expected) {
        return new BadInputException(
                format + ": option " + key + "='" + value + "': expected " + expected);
    }

    public BadInputException bad(String message) {
        return new BadInputException(format + ": " + message);
    }
}
