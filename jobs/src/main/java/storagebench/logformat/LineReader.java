package storagebench.logformat;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PushbackReader;
import java.io.Reader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a log line by line without trusting it, the same way for every parser.
 *
 * <ul>
 * <li>Bytes that are not valid in the charset (UTF-8 unless a parser's {@code encoding} option says
 * otherwise; an ISO-8859-1 log, binary garbage) become U+FFFD instead of an error; a leading byte
 * order mark is dropped.
 * <li>A line ends at {@code \n}; a {@code \r} before it (CRLF) or at the end of the file is dropped,
 * a lone {@code \r} inside a line is kept. A last line without its line end is read and marked
 * {@link Line#endsMidLine()}: the file may have been copied while its writer was still writing it
 * ({@link LineRecords} quarantines it unless its format says it is whole). An empty file has no line.
 * <li>Lines are numbered from 1, blank and too long ones included.
 * <li>A line keeps at most {@link #MAX_LINE_CHARS} characters; the rest is counted, never held, so a
 * 50 MB line costs no more memory than a 1 MiB one. {@link Line#malformed()} is its quarantine record,
 * and reading goes on at the next line.
 * </ul>
 */
public final class LineReader implements Closeable {
    /** The longest line read: 1 Mi characters. */
    public static final int MAX_LINE_CHARS = 1 << 20;

    /** How much of a line that is too long its {@link Line#malformed()} record keeps. */
    public static final int KEPT_CHARS = 200;

    /** The reason of a line, or a CSV record, longer than {@link #MAX_LINE_CHARS}. */
    public static final String TOO_LONG =
            "line too long: more than " + MAX_LINE_CHARS + " characters";

    private static final char BOM = '\uFEFF';

    /**
     * A line without its line end.
     *
     * @param number from 1
     * @param text the line, or its first {@link #MAX_LINE_CHARS} characters when it is too long
     * @param length its full length in characters
     * @param endsMidLine whether it is the file's last line and has no line end
     */
    public record Line(long number, String text, long length, boolean endsMidLine) {
        public boolean tooLong() {
            return length > MAX_LINE_CHARS;
        }

        /** The quarantine record of a line that is too long: its first {@link #KEPT_CHARS} characters. */
        public Parsed.Malformed malformed() {
            return new Parsed.Malformed(number, TOO_LONG, kept(text));
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

    /**
     * The file's text: bytes invalid in {@code charset} replaced by U+FFFD (InputStreamReader with a
     * Charset replaces, Files.newBufferedReader would throw), a leading byte order mark dropped.
     */
    public static Reader text(Path file, Charset charset) throws IOException {
        PushbackReader reader =
                new PushbackReader(new InputStreamReader(LogFiles.open(file), charset), 1);
        try {
            int first = reader.read();
            if (first >= 0 && first != BOM) {
                reader.unread(first);
            }
            return reader;
        } catch (IOException e) {
            reader.close();
            throw e;
        }
    }

    /** A reader of the file's lines as UTF-8. */
    public static LineReader open(Path file) throws IOException {
        return of(text(file, StandardCharsets.UTF_8));
    }

    /** A reader of the lines of a text, e.g. one {@link #text} opened in another charset. */
    public static LineReader of(Reader in) {
        return new LineReader(in);
    }

    /** The first {@link LogParser#SNIFF_LINES} lines, for {@link LogParser#mismatch}. */
    public static List<String> head(Path file) throws IOException {
        return head(file, LogParser.SNIFF_LINES);
    }

    /** The first {@code n} lines as UTF-8; a line that is too long comes cut. */
    public static List<String> head(Path file, int n) throws IOException {
        List<String> head = new ArrayList<>();
        try (LineReader reader = open(file)) {
            Line line;
            while (head.size() < n && (line = reader.next()) != null) {
                head.add(line.text());
            }
        }
        return head;
    }

    /** The start of a long text, for a Malformed record. */
    public static String kept(String text) {
        return text.length() <= KEPT_CHARS ? text : text.substring(0, KEPT_CHARS);
    }

    /** The next line, or null at the end of the file. */
    public Line next() throws IOException {
        line.setLength(0);
        long length = 0;
        boolean read = false;
        boolean ended = false;
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
                // one character more than the limit, in case it is the '\r' of a CRLF
                line.append(
                        buffer,
                        start,
                        Math.min(n, Math.max(0, MAX_LINE_CHARS + 1 - line.length())));
                length += n;
                last = buffer[pos - 1];
            }
            if (pos < end) {
                pos++; // the '\n'
                ended = true;
                break;
            }
        }
        if (last == '\r') {
            length--;
            ended = true; // a CRLF cut before its LF: the line itself is whole
        }
        line.setLength((int) Math.min(line.length(), Math.min(length, MAX_LINE_CHARS)));
        number++;
        return new Line(number, line.toString(), length, !ended);
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
