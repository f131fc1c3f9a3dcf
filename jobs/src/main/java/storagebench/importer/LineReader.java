package storagebench.importer;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a log line by line without trusting it: bytes that are not UTF-8 (an ISO-8859-1 log, binary
 * garbage) become U+FFFD instead of an error, CRLF and LF both end a line, a leading BOM is dropped,
 * and a line keeps at most {@link #MAX_LINE_CHARS} characters — the rest is counted, never held, so a
 * 50 MB line costs no more memory than a short one.
 */
public final class LineReader implements Closeable {
    public static final int MAX_LINE_CHARS = 64 * 1024;

    /** A line (numbered from 1) and its full length; {@link #cut()} when only the start was kept. */
    public record Line(long number, String text, long length) {
        public boolean cut() {
            return length > text.length();
        }
    }

    private final Reader in;
    private final char[] buffer = new char[16 * 1024];
    private final StringBuilder line = new StringBuilder();
    private int pos;
    private int end;
    private long number;

    private LineReader(Reader in) {
        this.in = in;
    }

    /** InputStreamReader with a Charset replaces malformed input; Files.newBufferedReader would throw. */
    public static LineReader open(Path file) throws IOException {
        return new LineReader(new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8));
    }

    /** The first {@link LogParser#SNIFF_LINES} lines, stopping early after a line that was cut. */
    public static List<String> head(Path file) throws IOException {
        List<String> head = new ArrayList<>();
        try (LineReader reader = open(file)) {
            for (Line l = reader.next(); l != null && head.size() < LogParser.SNIFF_LINES; l = reader.next()) {
                head.add(l.text());
                if (l.cut()) {
                    break;
                }
            }
        }
        return head;
    }

    /** The next line, or null at the end of the file. */
    public Line next() throws IOException {
        line.setLength(0);
        long length = 0;
        boolean read = false;
        char last = 0;
        while (true) {
            if (pos == end && !fill()) {
                if (!read) {
                    return null;
                }
                break;
            }
            read = true;
            int start = pos;
            while (pos < end && buffer[pos] != '\n') {
                pos++;
            }
            int n = pos - start;
            if (n > 0) {
                line.append(buffer, start, Math.min(n, Math.max(0, MAX_LINE_CHARS + 1 - line.length())));
                length += n;
                last = buffer[pos - 1];
            }
            if (pos < end) {
                pos++; // the '\n'
                break;
            }
        }
        if (last == '\r') {
            length--;
        }
        line.setLength((int) Math.min(line.length(), Math.min(length, MAX_LINE_CHARS)));
        number++;
        if (number == 1 && line.length() > 0 && line.charAt(0) == '\uFEFF') {
            line.deleteCharAt(0);
            length--;
        }
        return new Line(number, line.toString(), length);
    }

    private boolean fill() throws IOException {
        int n = in.read(buffer);
        pos = 0;
        end = Math.max(n, 0);
        return n > 0;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
