package storagebench.importer;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One line of text per parsed record, for golden files: keys sorted, numbers to 12 significant
 * digits (the same on every JVM, unlike Double.toString), control characters escaped.
 */
public final class FixtureText {
    private FixtureText() {
    }

    public static String render(Parsed record) {
        if (record instanceof Parsed.Step s) {
            return "step " + s.trial() + " | " + s.step() + " | line=" + s.line() + " start=" + (s.start() == null
                    ? "-" : s.start()) + " duration_ns=" + s.durationNs() + " error=" + (s.error() == null ? "-"
                            : escape(s.error())) + " | factors=" + text(s.factors()) + " | metrics=" + numbers(s.metrics());
        }
        if (record instanceof Parsed.Sample s) {
            return "sample " + s.trial() + " | " + s.step() + " | line=" + s.line() + " | factors=" + text(s.factors());
        }
        Parsed.Malformed m = (Parsed.Malformed) record;
        return "malformed line=" + m.line() + " | " + escape(m.reason()) + " | " + escape(m.text());
    }

    /** A step without its line number: the same record read from a file with a line more or less. */
    public static String withoutLine(Parsed record) {
        return render(record).replaceFirst(" line=\\d+", "");
    }

    static String number(double value) {
        if (!Double.isFinite(value)) {
            return String.valueOf(value);
        }
        return new BigDecimal(value).round(new MathContext(12)).stripTrailingZeros().toPlainString();
    }

    private static String text(Map<String, String> map) {
        return new TreeMap<>(map).entrySet().stream().map(e -> escape(e.getKey()) + "=" + escape(e.getValue()))
                .collect(Collectors.joining(", ", "{", "}"));
    }

    private static String numbers(Map<String, Double> map) {
        return new TreeMap<>(map).entrySet().stream().map(e -> escape(e.getKey()) + "=" + number(e.getValue()))
                .collect(Collectors.joining(", ", "{", "}"));
    }

    private static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            if (c < 0x20 || c == 0x7f) {
                out.append(String.format("\\u%04x", c));
            } else {
                out.appendCodePoint(c);
            }
        });
        return out.toString();
    }
}
