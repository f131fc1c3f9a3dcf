package storagebench.logformat.csv;

import java.util.List;
import java.util.Optional;
import storagebench.logformat.LogParser;

/**
 * Tells a delimited file with a header from other text: the first line has two or more fields
 * for one of the usual delimiters, and most rows have as many. Looks at the first lines only.
 */
final class CsvSniffer {
    static final String EXPECTED =
            "expected a csv file: a header row, then rows with the same number of fields"
                    + " separated by , or ; or tab";
    private static final char[] DELIMITERS = {',', ';', '\t'};

    private CsvSniffer() {}

    static Optional<String> mismatch(List<String> head) {
        List<String> lines = head.subList(0, Math.min(LogParser.SNIFF_LINES, head.size()));
        String text = String.join("\n", lines).replace("\uFEFF", "");
        String first = text.strip().lines().findFirst().orElse("");
        if (first.isEmpty()) {
            return Optional.of("empty: " + EXPECTED);
        }
        if (binary(text)) {
            return Optional.of("binary data or another encoding: " + EXPECTED);
        }
        if (first.startsWith("{") || first.startsWith("[")) {
            return Optional.of("looks like JSON: " + EXPECTED);
        }
        for (char d : DELIMITERS) {
            if (fits(CsvReader.readAll(text, d))) {
                return Optional.empty();
            }
        }
        return Optional.of(
                "the first line '"
                        + shorten(first)
                        + "' has one field, or the rows disagree on how"
                        + " many: "
                        + EXPECTED);
    }

    private static boolean fits(List<CsvRecord> records) {
        List<CsvRecord> complete = records.stream().filter(r -> r.problem() == null).toList();
        if (complete.isEmpty() || complete.get(0).fields().size() < 2) {
            return false;
        }
        int width = complete.get(0).fields().size();
        long rows = complete.size() - 1;
        long same = complete.stream().skip(1).filter(r -> r.fields().size() == width).count();
        return rows == 0 || same * 2 > rows;
    }

    /** NUL, or more than one in ten characters a control character or a replaced byte. */
    private static boolean binary(String text) {
        long odd =
                text.chars()
                        .filter(
                                c ->
                                        c == 0xFFFD
                                                || (c < 0x20 && c != '\n' && c != '\r'
                                                        && c != '\t'))
                        .count();
        return text.indexOf('\0') >= 0 || odd * 10 > text.length();
    }

    private static String shorten(String line) {
        return line.length() <= 60 ? line : line.substring(0, 60) + "…";
    }
}
