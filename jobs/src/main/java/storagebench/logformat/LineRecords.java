package storagebench.logformat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * A line-oriented format read lazily: a subclass turns each line into zero or more records, so a
 * file of any length streams through in constant memory. Lines too long to hold become
 * {@link Parsed.Malformed} here, before a subclass sees them, and so does a last line cut off
 * before its line end ({@link #ENDS_MID_LINE}) unless {@link #meetsFixedFieldCount} says the format
 * can tell it is whole.
 */
public abstract class LineRecords {
    /** The reason of a last line without its line end that is quarantined. */
    public static final String ENDS_MID_LINE = "file ends mid-line";

    private static final int SHOWN_CHARS = 200;

    private final Path file;

    protected LineRecords(Path file) {
        this.file = file;
    }

    /**
     * The records of a reader that turns each line into what it completes ({@code accept}) and, at the
     * end of the file, gives what is still pending ({@code finish}).
     */
    public static LineRecords of(
            Path file,
            Function<LineReader.Line, List<Parsed>> accept,
            Supplier<List<Parsed>> finish) {
        return new LineRecords(file) {
            @Override
            protected void accept(LineReader.Line line, Consumer<Parsed> out) {
                accept.apply(line).forEach(out);
            }

            @Override
            protected void finish(Consumer<Parsed> out) {
                finish.get().forEach(out);
            }
        };
    }

    /** Reads one line that is not too long; emits what it completes. */
    protected abstract void accept(LineReader.Line line, Consumer<Parsed> out);

    /** Called once at the end of the file, to emit what is still pending. */
    protected void finish(Consumer<Parsed> out) {}

    /**
     * Whether a last line without its line end may be read as whole: only in a format whose lines
     * have a fixed number of fields, when it has them all. By default no: it is quarantined.
     */
    protected boolean meetsFixedFieldCount(LineReader.Line line) {
        return false;
    }

    /** The stream of records; closing it closes the file. */
    public final Stream<Parsed> stream() throws IOException {
        LineReader lines = LineReader.open(file);
        return ParsedStream.of(out -> read(lines, out), lines);
    }

    private boolean read(LineReader lines, Consumer<Parsed> out) throws IOException {
        LineReader.Line line = lines.next();
        if (line == null) {
            finish(out);
            return false;
        }
        if (line.tooLong()) {
            out.accept(line.malformed());
        } else if (line.endsMidLine() && !line.text().isBlank()) {
            cutOff(line, out);
        } else {
            accept(line, out);
        }
        return true;
    }

    private void cutOff(LineReader.Line line, Consumer<Parsed> out) {
        if (!meetsFixedFieldCount(line)) {
            out.accept(endsMidLine(line.number(), line.text()));
            return;
        }
        accept(
                line,
                record ->
                        out.accept(
                                record instanceof Parsed.Malformed m
                                        ? new Parsed.Malformed(
                                                m.line(),
                                                ENDS_MID_LINE + ": " + m.reason(),
                                                m.text())
                                        : record));
    }

    /** The quarantine record of a last line cut off before its line end. */
    public static Parsed.Malformed endsMidLine(long line, String text) {
        return new Parsed.Malformed(line, ENDS_MID_LINE, shown(text));
    }

    /** The start of a long text followed by "…", for a Malformed record. */
    public static String shown(String text) {
        return text.length() <= SHOWN_CHARS ? text : text.substring(0, SHOWN_CHARS) + "…";
    }
}
