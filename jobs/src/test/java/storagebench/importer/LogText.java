package storagebench.importer;

import java.math.BigDecimal;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** Parsed records as one line of text each, for golden files: fields separated by " | ". */
public final class LogText {

    private LogText() {
    }

    /** The record on one line; a tab or carriage return inside it shows as backslash-t or backslash-r. */
    public static String render(Parsed record) {
        return fields(record).replace("\t", "\\t").replace("\r", "\\r");
    }

    private static String fields(Parsed record) {
        if (record instanceof Parsed.Step s) {
            return String.join(" | ", s.line() + "", "step", s.trial(), s.step(),
                    s.start() == null ? "-" : s.start().toString(), seconds(s.durationNs()) + " s",
                    s.error() == null ? "ok" : "error: " + s.error(), map(s.factors()), map(s.metrics()));
        }
        if (record instanceof Parsed.Sample s) {
            return String.join(" | ", s.line() + "", "sample", s.trial(), s.step(), map(s.factors()));
        }
        Parsed.Malformed m = (Parsed.Malformed) record;
        return String.join(" | ", m.line() + "", "malformed", m.reason(), m.text());
    }

    private static String seconds(long nanos) {
        return BigDecimal.valueOf(nanos, 9).stripTrailingZeros().toPlainString();
    }

    private static String map(Map<String, ?> map) {
        if (map.isEmpty()) {
            return "-";
        }
        return new TreeMap<>(map).entrySet().stream()
                .map(e -> e.getKey() + "=" + (e.getValue() instanceof Double d ? number(d) : e.getValue()))
                .collect(Collectors.joining(" "));
    }

    private static String number(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
