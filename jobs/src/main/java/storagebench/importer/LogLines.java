package storagebench.importer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Reads a log file line by line without trusting it: the shared line reader of the parsers.
 *
 * <ul>
 * <li>Lines end at {@code \n}; a {@code \r} before it (CRLF) is dropped, a lone {@code \r} is kept.
 * The last line needs no line end. An empty file has no lines.
 * <li>Bytes are decoded as UTF-8; bytes that are not UTF-8 (an ISO-8859-1 log, binary garbage)
 * become U+FFFD instead of failing. A UTF-8 byte order mark on line 1 is dropped.
 * <li>Memory is bounded: a line longer than {@link #MAX_LINE_BYTES} is not kept; it comes as a
 * {@link Line} with {@code tooLong} set, its first {@link #KEPT_BYTES} bytes as text, and the
 * reader goes on at the next line. {@link Line#malformed()} turns it into the parser's record.
 * <li>Line numbers count from 1 and count every line, including blank and too-long ones.
 * </ul>
 *
 * The stream holds the file open: close it (try-with-resources). An IO error while streaming
 * comes as an {@link UncheckedIOException}.
 */
public final class LogLines {
    /** Longest line kept: 1 MiB of bytes. */
    public static final int MAX_LINE_BYTES = 1 << 20;
    /** How much of a too-long line is kept for the quarantine. */
    public static final int KEPT_BYTES = 200;

    /** One line of a log: its number from 1, its text without the line end. */
    public record Line(long number, String text, boolean tooLong) {

        /** The quarantine record of a too-long line. */
        public Parsed.Malformed malformed() {
            return new Parsed.Malformed(number, "line too long (over " + MAX_LINE_BYTES + " bytes)", text);
        }
    }

    private LogLines() {
    }

    /** Streams the lines of a file. */
    public static Stream<Line> of(Path file) throws IOException {
        return of(Files.newInputStream(file), MAX_LINE_BYTES);
    }

    /** Streams the lines of an input, at most {@code maxLineBytes} bytes kept per line; closes it when closed. */
    public static Stream<Line> of(InputStream input, int maxLineBytes) {
        Reader reader = new Reader(input, maxLineBytes);
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(reader, Spliterator.ORDERED | Spliterator.NONNULL),
                false).onClose(reader::close);
    }

    /** The first {@code n} lines of a file as text, for {@link LogParser#mismatch}. */
    public static List<String> head(Path file, int n) throws IOException {
        List<String> head = new ArrayList<>();
        try (Stream<Line> lines = of(file)) {
            lines.limit(n).forEach(line -> head.add(line.text()));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return head;
    }

    private static final class Reader implements Iterator<Line> {
        private final InputStream in;
        private final int max;
        private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        private final byte[] chunk = new byte[1 << 16];
        private int pos;
        private int limit;
        private byte[] buffer = new byte[256];
        private long number;
        private Line next;
        private boolean eof;

        Reader(InputStream in, int max) {
            this.in = in;
            this.max = max;
        }

        @Override
        public boolean hasNext() {
            if (next == null && !eof) {
                try {
                    next = read();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return next != null;
        }

        @Override
        public Line next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            Line line = next;
            next = null;
            return line;
        }

        private Line read() throws IOException {
            int length = 0;
            long total = 0;
            boolean lineEnd = false;
            while (!lineEnd && fill()) {
                int end = pos;
                while (end < limit && chunk[end] != '\n') {
                    end++;
                }
                int n = end - pos;
                int keep = (int) Math.min(n, Math.max(0, max - total));
                if (keep > 0) {
                    if (length + keep > buffer.length) {
                        buffer = Arrays.copyOf(buffer, Math.min(max, Math.max(length + keep, buffer.length * 2)));
                    }
                    System.arraycopy(chunk, pos, buffer, length, keep);
                    length += keep;
                }
                total += n;
                lineEnd = end < limit;
                pos = lineEnd ? end + 1 : end;
            }
            if (!lineEnd && total == 0) {
                eof = true;
                return null;
            }
            number++;
            boolean tooLong = total > max;
            if (tooLong) {
                length = Math.min(length, KEPT_BYTES);
            } else if (length > 0 && buffer[length - 1] == '\r') {
                length--;
            }
            String text = decode(length);
            if (number == 1 && text.startsWith("\uFEFF")) {
                text = text.substring(1);
            }
            return new Line(number, text, tooLong);
        }

        /** Makes bytes available in the chunk; false at the end of the input. */
        private boolean fill() throws IOException {
            if (pos < limit) {
                return true;
            }
            limit = in.read(chunk);
            pos = 0;
            if (limit <= 0) {
                limit = 0;
                return false;
            }
            return true;
        }

        private String decode(int length) {
            try {
                utf8.reset();
                return utf8.decode(ByteBuffer.wrap(buffer, 0, length)).toString();
            } catch (CharacterCodingException e) {
                throw new IllegalStateException("a replacing decoder does not fail", e);
            }
        }

        void close() {
            try {
                in.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
