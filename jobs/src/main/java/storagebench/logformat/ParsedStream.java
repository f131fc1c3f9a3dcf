package storagebench.logformat;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/** Turns a parser's pull loop into the lazy stream {@link LogParser#parse} returns. */
public final class ParsedStream {

    /** Reads the next piece of the input (a line, a row) and emits the records it completes. */
    @FunctionalInterface
    public interface Source {
        /** @return false at the end of the input, after emitting what was still pending */
        boolean read(Consumer<Parsed> out) throws IOException;
    }

    private ParsedStream() {}

    /** A stream that pulls from {@code source} only as far as it is consumed and closes {@code input} on close. */
    public static Stream<Parsed> of(Source source, Closeable input) {
        Spliterator<Parsed> records =
                new Spliterators.AbstractSpliterator<>(
                        Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL) {
                    private final Deque<Parsed> ready = new ArrayDeque<>();
                    private boolean ended;

                    @Override
                    public boolean tryAdvance(Consumer<? super Parsed> action) {
                        try {
                            while (ready.isEmpty() && !ended) {
                                ended = !source.read(ready::add);
                            }
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                        Parsed next = ready.poll();
                        if (next != null) {
                            action.accept(next);
                        }
                        return next != null;
                    }
                };
        return StreamSupport.stream(records, false)
                .onClose(
                        () -> {
                            try {
                                input.close();
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        });
    }
}
