package storagebench.logformat.csv;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where the mapped columns are in one file: found by name in the header (exactly, else ignoring
 * case and surrounding spaces), or by number when the file has no header.
 *
 * @param index the position of each mapped option key's column
 * @param width the header's number of fields, or -1 without a header
 */
record CsvColumns(Map<String, Integer> index, int width) {

    /** Columns by number, for a file without a header. */
    static CsvColumns numbered(CsvMapping mapping) {
        Map<String, Integer> index = new LinkedHashMap<>();
        mapping.columns().forEach((key, column) -> index.put(key, Integer.parseInt(column) - 1));
        return new CsvColumns(index, -1);
    }

    /**
     * Columns by name in the header.
     *
     * @throws IllegalArgumentException naming the missing columns and the header's columns
     */
    static CsvColumns named(CsvMapping mapping, List<String> header) {
        Map<String, Integer> index = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        mapping.columns()
                .forEach(
                        (key, column) -> {
                            int at = find(header, column);
                            if (at < 0) {
                                missing.add("'" + column + "' (" + key + ")");
                            } else {
                                index.put(key, at);
                            }
                        });
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException(
                    "missing column"
                            + (missing.size() > 1 ? "s " : " ")
                            + String.join(", ", missing)
                            + "; the header has: "
                            + String.join(", ", header));
        }
        return new CsvColumns(index, header.size());
    }

    private static int find(List<String> header, String column) {
        int exact = header.indexOf(column);
        if (exact >= 0) {
            return exact;
        }
        String wanted = column.trim().toLowerCase(Locale.ROOT);
        for (int i = 0; i < header.size(); i++) {
            if (header.get(i).trim().toLowerCase(Locale.ROOT).equals(wanted)) {
                return i;
            }
        }
        return -1;
    }

    /** The fewest fields a row needs. */
    int needed() {
        return width >= 0 ? width : index.values().stream().mapToInt(i -> i + 1).max().orElse(0);
    }
}
