package storagebench.importer;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/** Turns a parser's pull loop into the lazy stream {@link LogParser#parse} returns. */
public final class ParsedStream {

    /** Produces the next record, or null at the end. */
    @FunctionalInterface
    public interface Source {
        Parsed next() throws IOException;
    }

    private ParsedStream() {
    }

    /** A stream that pulls from {@code source} one record at a time and closes {@code input} on close. */
    public static Stream<Parsed> of(Source source, Closeable input) {
        Iterator<Parsed> records = new Iterator<>() {
            private Parsed next;
            private boolean ended;

            @Override
            public boolean hasNext() {
                if (next == null && !ended) {
                    try {
                        next = source.next();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    ended = next == null;
                }
                return next != null;
            }

            @Override
            public Parsed next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                Parsed record = next;
                next = null;
                return record;
            }
        };
        int characteristics = Spliterator.ORDERED | Spliterator.NONNULL;
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(records, characteristics), false)
                .onClose(() -> {
                    try {
                        input.close();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
    }
}
