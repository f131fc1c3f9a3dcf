package storagebench.importer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A line-oriented format read lazily: a subclass turns each line into zero or more records, so a
 * file of any length streams through in constant memory. Lines too long to hold become
 * {@link Parsed.Malformed} here, before a subclass sees them.
 */
public abstract class LineRecords implements Iterator<Parsed> {
    private static final int SHOWN_CHARS = 200;

    private final LineReader lines;
    private final ArrayDeque<Parsed> ready = new ArrayDeque<>();
    private boolean ended;

    protected LineRecords(Path file) throws IOException {
        this.lines = LineReader.open(file);
    }

    /** Reads one line that was not cut; emits what it completes. */
    protected abstract void accept(LineReader.Line line, Consumer<Parsed> out);

    /** Called once at the end of the file, to emit what is still pending. */
    protected void finish(Consumer<Parsed> out) {
    }

    /** The stream of records; closing it closes the file. */
    public final Stream<Parsed> stream() {
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(this, Spliterator.ORDERED | Spliterator.NONNULL),
                false).onClose(() -> {
                    try {
                        lines.close();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
    }

    @Override
    public final boolean hasNext() {
        try {
            while (ready.isEmpty() && !ended) {
                LineReader.Line line = lines.next();
                if (line == null) {
                    ended = true;
                    finish(ready::add);
                } else if (line.cut()) {
                    ready.add(tooLong(line));
                } else {
                    accept(line, ready::add);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return !ready.isEmpty();
    }

    @Override
    public final Parsed next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return ready.poll();
    }

    public static Parsed.Malformed tooLong(LineReader.Line line) {
        return new Parsed.Malformed(line.number(), "line of " + line.length() + " characters; lines longer than "
                + LineReader.MAX_LINE_CHARS + " are not read", shown(line.text()));
    }

    /** The start of a long text, for a Malformed record. */
    public static String shown(String text) {
        return text.length() <= SHOWN_CHARS ? text : text.substring(0, SHOWN_CHARS) + "…";
    }
}
