package storagebench.logformat.timing;

import java.util.List;
import java.util.Map;

/**
 * One record of a timing log before its times are read: the values by column name (server, test,
 * start, end and any others), or why the record could not be read.
 *
 * @param line where the record starts
 * @param fields values by lower-case column name; empty when {@code problem} is set
 * @param text the line's text, for the quarantine
 * @param problem null, or why the record is malformed
 */
record TimingRow(long line, Map<String, String> fields, String text, String problem) {
    /** The columns every record has, in the order a record without column names gives them. */
    static final List<String> COLUMNS = List.of("server", "test", "start", "end");

    static TimingRow bad(long line, String problem, String text) {
        return new TimingRow(line, Map.of(), text, problem);
    }
}
