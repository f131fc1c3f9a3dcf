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
 * {@link Parsed.Malformed} here, before a subclass sees them.
 */
public abstract class LineRecords {
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
        } else {
            accept(line, out);
        }
        return true;
    }

    /** The start of a long text followed by "…", for a Malformed record. */
    public static String shown(String text) {
        return text.length() <= SHOWN_CHARS ? text : text.substring(0, SHOWN_CHARS) + "…";
    }
}
