package storagebench.workload;

import java.util.List;

/**
 * One parameter of a workload: set once under {@code workload:} or varied as a factor.
 *
 * @param name the key in YAML
 * @param type how its text is read
 * @param defaultValue the value when not given, or null when it must be given
 * @param choices the allowed values, empty for any
 * @param min the smallest allowed number (INT and SIZE)
 * @param doc one line for --help and error messages
 */
public record Param(String name, ParamType type, String defaultValue, List<String> choices, long min, String doc) {

    public static Param required(String name, ParamType type, String doc) {
        return new Param(name, type, null, List.of(), 0, doc);
    }

    public static Param optional(String name, ParamType type, String defaultValue, String doc) {
        return new Param(name, type, defaultValue, List.of(), 0, doc);
    }

    public static Param choice(String name, List<String> choices, String defaultValue, String doc) {
        return new Param(name, ParamType.TEXT, defaultValue, List.copyOf(choices), 0, doc);
    }

    public Param atLeast(long minimum) {
        return new Param(name, type, defaultValue, choices, minimum, doc);
    }

    /** Parses and checks a value; the exception message is the reason, to be placed after file:line: key. */
    public Object parse(String text) {
        if (!choices.isEmpty() && !choices.contains(text.strip())) {
            throw new IllegalArgumentException("expected one of " + String.join(", ", choices) + ", got '" + text + "'");
        }
        Object value;
        try {
            value = type.parse(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected a whole number, got '" + text + "'");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + ", got '" + text + "'");
        }
        if (value instanceof Number number && number.longValue() < min) {
            throw new IllegalArgumentException("must be at least " + min + ", got '" + text + "'");
        }
        return value;
    }
}
