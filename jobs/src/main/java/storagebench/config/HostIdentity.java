package storagebench.config;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Pattern;
import storagebench.Hostname;

/**
 * What a host is called and labelled in every run it records: the settings {@code host.name} and
 * {@code host.labels} (an import's {@code --host} and {@code --host-label}).
 *
 * @param givenName the name given; empty: the machine's hostname
 * @param labels key to value, sorted by key
 */
public record HostIdentity(Optional<String> givenName, Map<String, String> labels) {
    /** The machine's hostname and no labels. */
    public static final HostIdentity MACHINE = new HostIdentity(Optional.empty(), Map.of());

    static final int MAX_NAME = 253;
    static final int MAX_KEY = 63;
    static final int MAX_VALUE = 128;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
    private static final Pattern KEY = Pattern.compile("[A-Za-z][A-Za-z0-9._-]*");

    public HostIdentity {
        givenName
                .flatMap(HostIdentity::nameProblem)
                .ifPresent(
                        p -> {
                            throw new IllegalArgumentException(p);
                        });
        labels = Collections.unmodifiableMap(new TreeMap<>(labels));
    }

    /** The host's name: the one given, else the machine's hostname. */
    public String name() {
        return givenName.orElseGet(Hostname::get);
    }

    /** What is wrong with {@code name} as a host's name, if anything. */
    public static Optional<String> nameProblem(String name) {
        if (name.isBlank()) {
            return Optional.of("a host's name cannot be empty");
        }
        if (name.length() > MAX_NAME) {
            return Optional.of("a host's name has at most " + MAX_NAME + " characters");
        }
        if (!NAME.matcher(name).matches()) {
            return Optional.of(
                    "a host's name holds only letters, digits, '.', '_' and '-', and begins with a"
                            + " letter or digit");
        }
        return Optional.empty();
    }

    /**
     * The labels of {@code entries}, each {@code key=value}; the first bad entry fails through {@code
     * failure}, given the entry and what is wrong with it.
     */
    public static Map<String, String> labels(
            List<String> entries, Function<Problem, RuntimeException> failure) {
        Map<String, String> labels = new TreeMap<>();
        for (String entry : entries) {
            int eq = entry.indexOf('=');
            if (eq < 0) {
                throw failure.apply(new Problem(entry, "not key=value"));
            }
            String key = entry.substring(0, eq).strip();
            String value = entry.substring(eq + 1).strip();
            Optional<String> problem = keyProblem(key).or(() -> valueProblem(key, value));
            if (problem.isPresent()) {
                throw failure.apply(new Problem(entry, problem.get()));
            }
            if (labels.put(key, value) != null) {
                throw failure.apply(new Problem(entry, "the key '" + key + "' is given twice"));
            }
        }
        return labels;
    }

    private static Optional<String> keyProblem(String key) {
        if (key.isEmpty()) {
            return Optional.of("the key is empty");
        }
        if (key.length() > MAX_KEY || !KEY.matcher(key).matches()) {
            return Optional.of(
                    "a key begins with a letter and holds only letters, digits, '.', '_' and '-'"
                            + " (at most "
                            + MAX_KEY
                            + ")");
        }
        if (Secrets.isSecretName(key)) {
            return Optional.of(
                    "the key looks like a secret's, and labels are stored with every run");
        }
        return Optional.empty();
    }

    private static Optional<String> valueProblem(String key, String value) {
        if (value.isEmpty()) {
            return Optional.of("the value of '" + key + "' is empty");
        }
        if (value.length() > MAX_VALUE) {
            return Optional.of(
                    "the value of '" + key + "' is longer than " + MAX_VALUE + " characters");
        }
        if (value.indexOf(',') >= 0
                || value.indexOf('=') >= 0
                || value.codePoints().anyMatch(Character::isISOControl)) {
            return Optional.of("the value of '" + key + "' holds ',', '=' or a control character");
        }
        if (Secrets.holdsSecret(value)) {
            return Optional.of(
                    "the value of '"
                            + key
                            + "' holds a password, and labels are stored with every run");
        }
        return Optional.empty();
    }

    /**
     * A bad label.
     *
     * @param entry the entry as given
     * @param reason what is wrong with it
     */
    public record Problem(String entry, String reason) {
        public Problem {
            StringBuilder shown = new StringBuilder();
            entry.codePoints()
                    .forEach(
                            c -> {
                                if (Character.isISOControl(c)) {
                                    shown.append(String.format("\\u%04x", c));
                                } else {
                                    shown.appendCodePoint(c);
                                }
                            });
            entry = shown.toString();
        }
    }
}
