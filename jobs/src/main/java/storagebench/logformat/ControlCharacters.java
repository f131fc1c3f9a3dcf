package storagebench.logformat;

import java.util.Map;
import java.util.stream.Stream;

/**
 * The one rule for control characters in imported text, applied to every parser's records by
 * {@link LogParser#records}: a step or sample whose text (trial, step, factor names and values, metric
 * names, error, file, a host row's source and name) holds a control character other than tab (NUL, a line end inside a field, ESC,
 * DEL, C1) is quarantined, naming the record's line, the field and the character's position in it. Such
 * text would become a factor, a label of every result, and reach reports and files raw.
 */
public final class ControlCharacters {
    private ControlCharacters() {}

    /** The records with every step and sample holding a control character turned into a malformed record. */
    public static Stream<Parsed> screen(Stream<Parsed> records) {
        return records.map(ControlCharacters::screen);
    }

    static Parsed screen(Parsed record) {
        if (record instanceof Parsed.Step step) {
            String problem =
                    first(
                            field("trial", step.trial()),
                            field("step", step.step()),
                            field("error", step.error()),
                            map("factor", step.factors()),
                            map("metric", step.metrics()));
            return problem == null
                    ? step
                    : new Parsed.Malformed(
                            step.line(),
                            problem,
                            describe(step.trial(), step.step(), step.factors()));
        }
        if (record instanceof Parsed.Sample sample) {
            String problem =
                    first(
                            field("trial", sample.trial()),
                            field("step", sample.step()),
                            field("file", sample.sample().getFile()),
                            map("factor", sample.factors()));
            return problem == null
                    ? sample
                    : new Parsed.Malformed(
                            sample.line(),
                            problem,
                            describe(sample.trial(), sample.step(), sample.factors()));
        }
        if (record instanceof Parsed.HostRow row) {
            String problem =
                    first(
                            field("trial", row.trial()),
                            field("step", row.step()),
                            field("source", row.source()),
                            field("name", row.name()),
                            map("factor", row.factors()),
                            map("metric", row.metrics()));
            return problem == null
                    ? row
                    : new Parsed.Malformed(
                            row.line(), problem, describe(row.trial(), row.step(), row.factors()));
        }
        return record;
    }

    /** Whether a character is refused: a control character other than tab. */
    public static boolean refused(int c) {
        return Character.isISOControl(c) && c != '\t';
    }

    /** The text with every control character other than tab written as &#92;uXXXX, for output. */
    public static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints()
                .forEach(
                        c -> {
                            if (refused(c)) {
                                out.append(String.format("\\u%04X", c));
                            } else {
                                out.appendCodePoint(c);
                            }
                        });
        return out.toString();
    }

    private static String field(String name, String value) {
        if (value == null) {
            return null;
        }
        for (int i = 0; i < value.length(); i++) {
            if (refused(value.charAt(i))) {
                return String.format(
                        "control character U+%04X in %s at character %d",
                        (int) value.charAt(i), name, i + 1);
            }
        }
        return null;
    }

    private static String map(String what, Map<String, ?> entries) {
        if (entries == null) {
            return null;
        }
        for (Map.Entry<String, ?> e : entries.entrySet()) {
            String problem =
                    first(
                            field(what + " name '" + escape(e.getKey()) + "'", e.getKey()),
                            e.getValue() instanceof String v
                                    ? field(what + " '" + escape(e.getKey()) + "'", v)
                                    : null);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    private static String first(String... problems) {
        for (String problem : problems) {
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    private static String describe(String trial, String step, Map<String, String> factors) {
        return LineRecords.shown(
                escape("trial " + trial + ", step " + step + ", factors " + factors));
    }
}
