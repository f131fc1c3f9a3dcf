package storagebench.workload;

import java.util.List;
import java.util.stream.Stream;
import storagebench.config.Values;

/**
 * One parameter of a workload: set once under {@code workload:} or varied as a factor.
 *
 * @param name the key in YAML
 * @param type how its text is read
 * @param defaultValue the value when not given, or null when it must be given
 * @param choices the allowed values, empty for any
 * @param min the smallest allowed number (INT and SIZE)
 * @param max the largest allowed number (INT and SIZE): what the code that uses it can hold
 * @param doc one line for --help and error messages
 */
public record Param(
        String name,
        ParamType type,
        String defaultValue,
        List<String> choices,
        long min,
        long max,
        String doc) {

    /** {@code first}, then {@code more}: a workload's own parameters, then those it shares. */
    public static List<Param> concat(List<Param> first, List<Param> more) {
        return Stream.concat(first.stream(), more.stream()).toList();
    }

    public static Param required(String name, ParamType type, String doc) {
        return new Param(name, type, null, List.of(), 0, Long.MAX_VALUE, doc);
    }

    public static Param optional(String name, ParamType type, String defaultValue, String doc) {
        return new Param(name, type, defaultValue, List.of(), 0, Long.MAX_VALUE, doc);
    }

    public static Param choice(String name, List<String> choices, String defaultValue, String doc) {
        return new Param(
                name, ParamType.TEXT, defaultValue, List.copyOf(choices), 0, Long.MAX_VALUE, doc);
    }

    public Param atLeast(long minimum) {
        return new Param(name, type, defaultValue, choices, minimum, max, doc);
    }

    public Param atMost(long maximum) {
        return new Param(name, type, defaultValue, choices, min, maximum, doc);
    }

    /** Parses and checks a value; the exception message is the reason, to be placed after file:line: key. */
    public Object parse(String text) {
        if (!choices.isEmpty() && !choices.contains(text.strip())) {
            throw new IllegalArgumentException(
                    "expected one of " + String.join(", ", choices) + ", got '" + text + "'");
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
            throw new IllegalArgumentException(
                    "must be at least " + shown(min) + ", got '" + text + "'");
        }
        if (value instanceof Number number && number.longValue() > max) {
            throw new IllegalArgumentException(
                    "must be at most " + shown(max) + ", got '" + text + "'");
        }
        return value;
    }

    /** A limit as the parameter is written: a size with its unit, else the number. */
    public String shown(long limit) {
        return type == ParamType.SIZE ? Values.formatSize(limit) : String.valueOf(limit);
    }
}
