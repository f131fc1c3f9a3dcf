package storagebench.logformat.csv;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import storagebench.logformat.Parsed;

/** Turns one row into a step, or into a Malformed naming the column and the value it could not read. */
final class RowMapper {
    /** [h:]m:s[.fff], as a stopwatch or a seed's result table writes a duration (1:24 = 84 s). */
    private static final Pattern CLOCK = Pattern.compile("(?:(\\d+):)?(\\d+):(\\d+(?:\\.\\d+)?)");

    private final CsvMapping mapping;
    private final CsvColumns columns;

    RowMapper(CsvMapping mapping, CsvColumns columns) {
        this.mapping = mapping;
        this.columns = columns;
    }

    /** @param number the row's number among the data rows, from 1 */
    Parsed map(CsvRecord row, long number) {
        if (row.problem() != null) {
            return new Parsed.Malformed(row.line(), row.problem(), row.text());
        }
        List<String> fields = row.fields();
        if (columns.width() >= 0
                ? fields.size() != columns.width()
                : fields.size() < columns.needed()) {
            return new Parsed.Malformed(
                    row.line(),
                    "the row has "
                            + fields.size()
                            + " fields, "
                            + (columns.width() >= 0 ? "the header " : "the mapping needs ")
                            + columns.needed()
                            + " (truncated?)",
                    row.text());
        }
        try {
            return step(fields, number, row.line());
        } catch (IllegalArgumentException e) {
            return new Parsed.Malformed(row.line(), e.getMessage(), row.text());
        }
    }

    private Parsed.Step step(List<String> fields, long number, long line) {
        String trial =
                mapping.trial() != null
                        ? mapping.trial()
                        : has("map.trial") ? required(fields, "map.trial") : "row=" + number;
        String step = has("map.step") ? required(fields, "map.step") : mapping.step();
        Instant start = has("map.start") ? time(fields, "map.start") : null;
        long nanos =
                switch (mapping.duration()) {
                    case "map.end" -> between(start, time(fields, "map.end"));
                    case "map.duration_s" -> seconds(fields, "map.duration_s");
                    case "map.duration_ms" -> nanos(fields, "map.duration_ms", 6);
                    default -> nanos(fields, "map.duration_ns", 0);
                };
        String error = has("map.error") ? value(fields, "map.error") : "";
        Map<String, String> factors = new LinkedHashMap<>();
        Map<String, Double> metrics = new LinkedHashMap<>();
        for (String key : columns.index().keySet()) {
            if (key.startsWith(CsvMapping.FACTOR)) {
                factors.put(key.substring(CsvMapping.FACTOR.length()), value(fields, key));
            } else if (key.startsWith(CsvMapping.METRIC) && !value(fields, key).isEmpty()) {
                metrics.put(key.substring(CsvMapping.METRIC.length()), metric(fields, key));
            }
        }
        return new Parsed.Step(
                trial,
                Collections.unmodifiableMap(factors),
                step,
                start,
                nanos,
                error.isEmpty() ? null : error,
                Collections.unmodifiableMap(metrics),
                line);
    }

    private boolean has(String key) {
        return columns.index().containsKey(key);
    }

    private String value(List<String> fields, String key) {
        return fields.get(columns.index().get(key)).trim();
    }

    private String required(List<String> fields, String key) {
        String v = value(fields, key);
        if (v.isEmpty()) {
            throw new IllegalArgumentException(column(key) + " is empty");
        }
        return v;
    }

    private Instant time(List<String> fields, String key) {
        String v = required(fields, key);
        try {
            return mapping.timestamps().parse(v);
        } catch (DateTimeException e) {
            throw bad(key, v, "a time (" + mapping.timestamps() + ")");
        }
    }

    private long between(Instant start, Instant end) {
        if (end.isBefore(start)) {
            throw new IllegalArgumentException(
                    column("map.end") + ": " + end + " is before the start " + start);
        }
        return Duration.between(start, end).toNanos();
    }

    private long seconds(List<String> fields, String key) {
        String v = required(fields, key);
        Matcher clock = CLOCK.matcher(v);
        if (!clock.matches()) {
            return nanos(fields, key, 9);
        }
        long hours = clock.group(1) == null ? 0 : Long.parseLong(clock.group(1));
        BigDecimal s =
                new BigDecimal(clock.group(3))
                        .add(
                                BigDecimal.valueOf(
                                        hours * 3600 + Long.parseLong(clock.group(2)) * 60));
        return s.movePointRight(9).setScale(0, RoundingMode.HALF_UP).longValueExact();
    }

    /** A non-negative decimal number scaled to nanoseconds by 10^{@code shift}. */
    private long nanos(List<String> fields, String key, int shift) {
        String v = required(fields, key);
        try {
            BigDecimal n =
                    new BigDecimal(v).movePointRight(shift).setScale(0, RoundingMode.HALF_UP);
            if (n.signum() >= 0) {
                return n.longValueExact();
            }
        } catch (NumberFormatException | ArithmeticException e) {
            // reported below with the column's name
        }
        throw bad(
                key, v, "a duration (a number >= 0" + (key.endsWith("_s") ? ", or [h:]m:s)" : ")"));
    }

    private double metric(List<String> fields, String key) {
        String v = value(fields, key);
        try {
            double d = new BigDecimal(v).doubleValue();
            if (Double.isFinite(d)) {
                return d;
            }
        } catch (NumberFormatException e) {
            // reported below with the column's name
        }
        throw bad(key, v, "a number");
    }

    private IllegalArgumentException bad(String key, String value, String expected) {
        return new IllegalArgumentException(column(key) + ": '" + value + "' is not " + expected);
    }

    private String column(String key) {
        String column = mapping.columns().get(key);
        return (mapping.header() ? "column '" + column + "'" : "column " + column)
                + " ("
                + key
                + ")";
    }
}
