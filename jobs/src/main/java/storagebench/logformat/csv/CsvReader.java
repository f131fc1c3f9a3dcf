package storagebench.logformat.csv;

import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import storagebench.logformat.LineReader;

/**
 * Reads RFC 4180 records: fields in double quotes may hold the delimiter, line ends and doubled
 * quotes; CRLF, LF and CR all end a record; blank lines are skipped. Lenient where files in the
 * wild are (a quote inside an unquoted field is kept as text), strict where it matters: a record
 * longer than {@link LineReader#MAX_LINE_CHARS} is reported, not buffered, and reading resumes on
 * the next line; a file that ends inside quotes yields a record marked as truncated, one that ends
 * without a line end a record marked {@link CsvRecord#endsMidLine()}.
 */
public final class CsvReader implements Closeable {
    private final Reader in;
    private final char[] buffer = new char[8192];
    private int pos;
    private int len;
    private char delimiter;
    private long line = 1;

    public CsvReader(Reader in, char delimiter) {
        this.in = in;
        this.delimiter = delimiter;
    }

    /** The records of a text in memory, e.g. the head of a file being sniffed. */
    public static List<CsvRecord> readAll(String text, char delimiter) {
        List<CsvRecord> records = new ArrayList<>();
        try (CsvReader reader = new CsvReader(new StringReader(text), delimiter)) {
            for (CsvRecord r = reader.next(); r != null; r = reader.next()) {
                records.add(r);
            }
        } catch (IOException e) {
            throw new IllegalStateException("a StringReader does not fail", e);
        }
        return records;
    }

    /** Changes the delimiter for the records after the one just read (for a sniffed header). */
    public void delimiter(char delimiter) {
        this.delimiter = delimiter;
    }

    /** The next record, or null at the end of the file. */
    public CsvRecord next() throws IOException {
        while (peek() >= 0) {
            CsvRecord record = record();
            if (record != null) {
                return record;
            }
        }
        return null;
    }

    /** One record, or null for a blank line. */
    private CsvRecord record() throws IOException {
        long start = line;
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        StringBuilder raw = new StringBuilder();
        boolean quoted = false;
        boolean fieldStart = true;
        while (true) {
            int c = read();
            if (c < 0) {
                fields.add(field.toString());
                String problem = quoted ? "truncated: the file ends inside a quoted field" : null;
                return new CsvRecord(start, fields, raw.toString(), problem, problem == null);
            }
            if (raw.length() >= LineReader.MAX_LINE_CHARS) {
                return tooLong(start, raw, c);
            }
            if (quoted) {
                raw.append((char) c);
                if (c == '"' && peek() == '"') {
                    raw.append((char) read());
                    field.append('"');
                } else if (c == '"') {
                    quoted = false;
                } else {
                    line += c == '\n' ? 1 : 0;
                    field.append((char) c);
                }
            } else if (c == '\n' || c == '\r') {
                endLine(c);
                if (raw.length() == 0) {
                    return null;
                }
                fields.add(field.toString());
                return new CsvRecord(start, fields, raw.toString(), null);
            } else {
                raw.append((char) c);
                if (c == delimiter) {
                    fields.add(field.toString());
                    field.setLength(0);
                    fieldStart = true;
                    continue;
                }
                if (c == '"' && fieldStart) {
                    quoted = true;
                } else {
                    field.append((char) c);
                }
            }
            fieldStart = false;
        }
    }

    /** Skips the rest of an overlong record up to the next line end, whatever the quotes say. */
    private CsvRecord tooLong(long start, StringBuilder raw, int first) throws IOException {
        int c = first;
        while (c >= 0 && c != '\n' && c != '\r') {
            c = read();
        }
        if (c >= 0) {
            endLine(c);
        }
        return new CsvRecord(
                start, List.of(), LineReader.kept(raw.toString()), LineReader.TOO_LONG);
    }

    private void endLine(int c) throws IOException {
        if (c == '\r' && peek() == '\n') {
            read();
        }
        line++;
    }

    private int read() throws IOException {
        int c = peek();
        if (c >= 0) {
            pos++;
        }
        return c;
    }

    private int peek() throws IOException {
        if (pos == len) {
            len = Math.max(0, in.read(buffer, 0, buffer.length));
            pos = 0;
            if (len == 0) {
                return -1;
            }
        }
        return buffer[pos];
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
