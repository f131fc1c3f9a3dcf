package storagebench.logformat.timing;

import java.util.List;
import storagebench.logformat.LineReader;

/** Reads the records of one dialect of timing log, a line at a time. */
interface RowReader {

    /** The records that end on this line. */
    List<TimingRow> accept(LineReader.Line line);

    /** Records left open at the end of the file. */
    default List<TimingRow> finish() {
        return List.of();
    }

    /** Whether a last line cut off before its line end has all the fields of a record. */
    default boolean meetsFixedFieldCount(LineReader.Line line) {
        return false;
    }
}
