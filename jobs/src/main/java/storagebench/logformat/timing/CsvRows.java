package storagebench.logformat.timing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import storagebench.logformat.LineReader;
import storagebench.logformat.csv.CsvReader;

/**
 * CSV timing logs: a header naming server, test, start, end (any order, more columns allowed),
 * separated by comma, semicolon or tab, then one record a line, its fields split by {@link
 * CsvReader#fields} (double-quoted, {@code ""} inside). Blank lines and lines starting with {@code #} are skipped.
 *
 * <p>A batch file that echoes Windows' {@code %time%} into a comma-separated line writes
 * {@code 9:05:03,12}: when a comma-separated record has too many fields, a field of digits alone
 * that follows a field ending in {@code :ss} is put back as that time's fraction.
 */
final class CsvRows implements RowReader {
    private static final String DELIMITERS = ",;\t";
    private static final Pattern TIME_WITHOUT_FRACTION = Pattern.compile(".*\\d:\\d\\d");
    private static final Pattern DIGITS = Pattern.compile("\\d{1,9}");

    private List<String> header;
    private char delimiter;

    /** A record has the header's fields: a cut-off last line that has them all is read. */
    @Override
    public boolean meetsFixedFieldCount(LineReader.Line line) {
        if (header == null) {
            return false;
        }
        List<String> fields = CsvReader.fields(line.text(), delimiter);
        if (delimiter == ',' && fields.size() > header.size()) {
            fields = rejoinFractions(fields, header.size());
        }
        return fields.size() == header.size();
    }

    @Override
    public List<TimingRow> accept(LineReader.Line line) {
        String text = line.text();
        if (text.isBlank() || text.stripLeading().startsWith("#")) {
            return List.of();
        }
        if (header == null) {
            return header(text)
                    ? List.of()
                    : List.of(
                            TimingRow.bad(
                                    line.number(),
                                    "expected the CSV header "
                                            + String.join(",", TimingRow.COLUMNS)
                                            + " (comma, semicolon or tab separated) before the records",
                                    text));
        }
        List<String> fields = CsvReader.fields(text, delimiter);
        if (delimiter == ',' && fields.size() > header.size()) {
            fields = rejoinFractions(fields, header.size());
        }
        if (fields.size() != header.size()) {
            return List.of(
                    TimingRow.bad(
                            line.number(),
                            "expected "
                                    + header.size()
                                    + " fields ("
                                    + String.join(",", header)
                                    + "), found "
                                    + fields.size(),
                            text));
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < header.size(); i++) {
            values.put(header.get(i), fields.get(i));
        }
        return List.of(new TimingRow(line.number(), values, text, null));
    }

    private boolean header(String text) {
        Optional<Character> found = headerDelimiter(text);
        found.ifPresent(
                d -> {
                    delimiter = d;
                    header =
                            CsvReader.fields(text, d).stream()
                                    .map(f -> f.strip().toLowerCase(Locale.ROOT))
                                    .toList();
                });
        return found.isPresent();
    }

    /** The delimiter that makes this line a header naming all of server, test, start, end. */
    static Optional<Character> headerDelimiter(String text) {
        for (char d : DELIMITERS.toCharArray()) {
            List<String> names =
                    CsvReader.fields(text, d).stream()
                            .map(f -> f.strip().toLowerCase(Locale.ROOT))
                            .toList();
            if (names.containsAll(TimingRow.COLUMNS)) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }

    private static List<String> rejoinFractions(List<String> fields, int wanted) {
        List<String> joined = new ArrayList<>();
        int extra = fields.size() - wanted;
        for (String field : fields) {
            int last = joined.size() - 1;
            if (extra > 0
                    && last >= 0
                    && DIGITS.matcher(field).matches()
                    && TIME_WITHOUT_FRACTION.matcher(joined.get(last)).matches()) {
                joined.set(last, joined.get(last) + "," + field);
                extra--;
            } else {
                joined.add(field);
            }
        }
        return joined;
    }
}
