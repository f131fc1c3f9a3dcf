package storagebench.logformat.csv;

import java.util.List;

/**
 * One record of a delimited file.
 *
 * @param line the line it starts on, from 1 (a quoted field may span lines)
 * @param fields its fields, unquoted; empty when {@code problem} is set and nothing could be read
 * @param text the record as written, without its line end (cut short when too long)
 * @param problem null, or why the record cannot be trusted (too long, truncated inside quotes)
 * @param endsMidLine whether it is the file's last record and has no line end
 */
public record CsvRecord(
        long line, List<String> fields, String text, String problem, boolean endsMidLine) {
    public CsvRecord(long line, List<String> fields, String text, String problem) {
        this(line, fields, text, problem, false);
    }
}
