package storagebench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * How a summary is written. {@code TEXT} is for people, {@code MARKDOWN} the same table for a ticket or
 * a pull request; {@code CSV} and {@code JSON} are for tools:
 * the same fields, durations in seconds at full precision, empty (CSV) or null (JSON) where a
 * statistic does not exist. Control characters (but tab) in text are written &#92;uXXXX in text
 * and CSV, as JSON escapes them.
 */
public enum ReportFormat {
    TEXT {
        @Override
        public String render(List<SummaryRow> rows) {
            return TextTable.render(rows);
        }
    },
    MARKDOWN {
        @Override
        public String render(List<SummaryRow> rows) {
            return TextTable.markdown(rows);
        }
    },
    CSV {
        @Override
        public String render(List<SummaryRow> rows) {
            List<String> factors = factorNames(rows);
            List<String> ratios = TextTable.ratioNames(rows);
            StringBuilder out = new StringBuilder(String.join(",", FIELDS.keySet()));
            ratios.forEach(f -> out.append(',').append(Cells.csv("ratio." + f)));
            factors.forEach(f -> out.append(',').append(Cells.csv("factor." + f)));
            out.append("\n");
            for (SummaryRow row : rows) {
                out.append(
                        FIELDS.values().stream()
                                .map(f -> Cells.csv(f.apply(row)))
                                .collect(Collectors.joining(",")));
                ratios.forEach(f -> out.append(',').append(Cells.csv(row.ratios().get(f))));
                factors.forEach(f -> out.append(',').append(Cells.csv(row.factors().get(f))));
                out.append("\n");
            }
            return out.toString();
        }
    },
    JSON {
        @Override
        public String render(List<SummaryRow> rows) {
            return rows.stream()
                    .map(
                            row -> {
                                Map<String, Object> object = new LinkedHashMap<>();
                                FIELDS.forEach((name, field) -> object.put(name, field.apply(row)));
                                object.put("factors", row.factors());
                                object.put("ratios", row.ratios());
                                return "  " + object(object);
                            })
                    .collect(Collectors.joining(",\n", "[\n", rows.isEmpty() ? "]\n" : "\n]\n"));
        }
    };

    /** The fields of the machine-readable formats, in order. */
    private static final Map<String, Function<SummaryRow, Object>> FIELDS = fields();

    public abstract String render(List<SummaryRow> rows);

    private static Map<String, Function<SummaryRow, Object>> fields() {
        Map<String, Function<SummaryRow, Object>> f = new LinkedHashMap<>();
        f.put("experiment", SummaryRow::experiment);
        f.put("host", SummaryRow::host);
        f.put("configuration", SummaryRow::configuration);
        f.put("variant", SummaryRow::variant);
        f.put("step", SummaryRow::step);
        f.put("n", SummaryRow::n);
        f.put("mean_s", SummaryRow::mean);
        f.put("median_s", SummaryRow::median);
        f.put("stddev_s", SummaryRow::stddev);
        f.put("min_s", SummaryRow::min);
        f.put("max_s", SummaryRow::max);
        f.put("p95_s", SummaryRow::p95);
        f.put("ci95_low_s", SummaryRow::ciLow);
        f.put("ci95_high_s", SummaryRow::ciHigh);
        f.put("failed", SummaryRow::failed);
        f.put("warmups", SummaryRow::warmups);
        f.put("warning", SummaryRow::warning);
        return f;
    }

    /** A JSON object of the map's entries in order; a value that is a map is an object itself. */
    private static String object(Map<String, ?> map) {
        return map.entrySet().stream()
                .map(
                        e ->
                                Cells.json(e.getKey())
                                        + ": "
                                        + (e.getValue() instanceof Map<?, ?> inner
                                                ? object(strings(inner))
                                                : Cells.json(e.getValue())))
                .collect(Collectors.joining(", ", "{", "}"));
    }

    private static Map<String, ?> strings(Map<?, ?> map) {
        Map<String, Object> out = new LinkedHashMap<>();
        map.forEach((k, v) -> out.put(String.valueOf(k), v));
        return out;
    }

    /** Every factor of any row, in the order they first appear. */
    private static List<String> factorNames(List<SummaryRow> rows) {
        List<String> names = new ArrayList<>();
        rows.forEach(
                r ->
                        r.factors().keySet().stream()
                                .filter(f -> !names.contains(f))
                                .forEach(names::add));
        return names;
    }
}
