package storagebench.logformat.csv;

import java.io.IOException;
import java.util.function.Consumer;
import java.util.stream.Stream;
import storagebench.logformat.LineRecords;
import storagebench.logformat.Parsed;
import storagebench.logformat.ParsedStream;

/**
 * A delimited format read lazily, the CSV counterpart of {@link storagebench.logformat.LineRecords}:
 * its header first (a header that cannot be read is one Malformed and the end), then row after row.
 * A last row cut off before its line end is quarantined ({@link LineRecords#ENDS_MID_LINE}) unless
 * {@link #meetsFixedFieldCount} says it has all its fields.
 */
public abstract class CsvRecords implements ParsedStream.Source {
    protected final CsvReader csv;
    private boolean started;

    protected CsvRecords(CsvReader csv) {
        this.csv = csv;
    }

    /** Reads the header, if the format has one; returns why the rows cannot be read, or null. */
    protected abstract Parsed start() throws IOException;

    /** Emits what a row completes. */
    protected abstract void accept(CsvRecord row, Consumer<Parsed> out);

    /** Called once at the end of the file, to emit what is still pending. */
    protected void finish(Consumer<Parsed> out) {}

    /** Whether a cut-off last row has the fixed number of fields its format has; by default no. */
    protected boolean meetsFixedFieldCount(CsvRecord row) {
        return false;
    }

    /** The stream of records; closing it closes the file. */
    public final Stream<Parsed> stream() {
        return ParsedStream.of(this, csv);
    }

    @Override
    public final boolean read(Consumer<Parsed> out) throws IOException {
        if (!started) {
            started = true;
            Parsed problem = start();
            if (problem != null) {
                out.accept(problem);
                return false;
            }
        }
        CsvRecord row = csv.next();
        if (row == null) {
            finish(out);
            return false;
        }
        if (row.endsMidLine() && !row.text().isBlank() && !meetsFixedFieldCount(row)) {
            out.accept(LineRecords.endsMidLine(row.line(), row.text()));
        } else if (row.endsMidLine()) {
            accept(
                    row,
                    record ->
                            out.accept(
                                    record instanceof Parsed.Malformed m
                                            ? new Parsed.Malformed(
                                                    m.line(),
                                                    LineRecords.ENDS_MID_LINE + ": " + m.reason(),
                                                    m.text())
                                            : record));
        } else {
            accept(row, out);
        }
        return true;
    }
}
