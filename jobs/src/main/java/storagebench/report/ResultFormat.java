package storagebench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import storagebench.logformat.ControlCharacters;

/** How {@code storagebench sql} prints the rows of a statement. */
public enum ResultFormat {
    /** Aligned columns under a header, numbers to the right, NULL as {@code NULL}, then (N rows). */
    TABLE {
        @Override
        public String render(QueryResult result) {
            int columns = result.columns().size();
            List<String[]> lines = new ArrayList<>();
            lines.add(
                    result.columns().stream()
                            .map(ControlCharacters::escape)
                            .toArray(String[]::new));
            lines.add(new String[columns]);
            for (List<Object> row : result.rows()) {
                lines.add(
                        row.stream()
                                .map(v -> v == null ? "NULL" : ControlCharacters.escape(text(v)))
                                .toArray(String[]::new));
            }
            boolean[] right = new boolean[columns];
            for (int i = 0; i < columns; i++) {
                right[i] = result.numeric(i);
                int width = 0;
                for (String[] line : lines) {
                    width = Math.max(width, line[i] == null ? 0 : line[i].length());
                }
                lines.get(1)[i] = "-".repeat(width);
            }
            int n = result.rows().size();
            return TextTable.aligned(lines, right) + "(" + n + (n == 1 ? " row)" : " rows)") + "\n";
        }
    },
    /** A header line, then a line per row, quoted as RFC 4180 says; NULL empty. */
    CSV {
        @Override
        public String render(QueryResult result) {
            StringBuilder out = new StringBuilder(line(new ArrayList<>(result.columns())));
            result.rows().forEach(row -> out.append(line(row)));
            return out.toString();
        }

        private String line(List<Object> values) {
            return values.stream()
                            .map(v -> v == null ? "" : Cells.csv(text(v)))
                            .collect(Collectors.joining(","))
                    + "\n";
        }
    },
    /** A JSON array of objects, one per row on a line of its own; NULL (and NaN) as null. */
    JSON {
        private static final ObjectMapper MAPPER = new ObjectMapper();

        @Override
        public String render(QueryResult result) {
            List<String> rows = new ArrayList<>();
            for (List<Object> row : result.rows()) {
                Map<String, Object> object = new LinkedHashMap<>();
                for (int i = 0; i < row.size(); i++) {
                    object.put(result.columns().get(i), json(row.get(i)));
                }
                try {
                    rows.add(MAPPER.writeValueAsString(object));
                } catch (JsonProcessingException e) {
                    throw new IllegalStateException("a row as JSON: " + e.getMessage(), e);
                }
            }
            return rows.isEmpty() ? "[]\n" : "[\n" + String.join(",\n", rows) + "\n]\n";
        }

        private Object json(Object value) {
            if (value instanceof Map<?, ?> map) {
                Map<Object, Object> json = new LinkedHashMap<>();
                map.forEach((k, v) -> json.put(k, json(v)));
                return json;
            }
            if (value instanceof List<?> list) {
                return list.stream().map(this::json).toList();
            }
            boolean notFinite =
                    (value instanceof Double d && !Double.isFinite(d))
                            || (value instanceof Float f && !Float.isFinite(f));
            return notFinite ? null : value;
        }
    };

    /** The statement's rows as this format prints them. */
    public abstract String render(QueryResult result);

    /** What goes between the results of two statements: a blank line, but in JSON. */
    public String between() {
        return this == JSON ? "" : "\n";
    }

    /** A value as text: numbers without exponent, a list as [a, b], a map as {k=v}. */
    static String text(Object value) {
        if (value == null) {
            return "NULL";
        }
        if (value instanceof Float f) {
            return text(Double.valueOf(f.toString()));
        }
        if (value instanceof Double d) {
            String plain = Cells.number(d);
            return plain == null ? d.toString() : plain;
        }
        if (value instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (value instanceof Map<?, ?> map) {
            return map.entrySet().stream()
                    .map(e -> e.getKey() + "=" + text(e.getValue()))
                    .collect(Collectors.joining(", ", "{", "}"));
        }
        if (value instanceof List<?> list) {
            return list.stream()
                    .map(ResultFormat::text)
                    .collect(Collectors.joining(", ", "[", "]"));
        }
        return value.toString();
    }
}
