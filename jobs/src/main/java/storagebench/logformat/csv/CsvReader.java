package storagebench.logformat.csv;

import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import storagebench.logformat.LineReader;

/**
 * Reads the records of every delimited file, Commons CSV splitting the fields: RFC 4180 quotes (a
 * quoted field may hold the delimiter, line ends and doubled quotes), lenient where files in the wild
 * are (a quote inside an unquoted field, or text after a closing quote, is kept as text). CRLF, LF
 * and CR all end a record; blank lines are skipped. Lines come from {@link LineReader}, so a record
 * longer than {@link LineReader#MAX_LINE_CHARS} is reported, not buffered, and reading resumes on the
 * next line; a file that ends inside quotes yields a record marked as truncated, one that ends
 * without a line end a record marked {@link CsvRecord#endsMidLine()}.
 */
public final class CsvReader implements Closeable {
    static final String TRUNCATED = "truncated: the file ends inside a quoted field";

    private final LineEnds ends;
    private final LineReader lines;
    private CSVFormat strict;
    private String lastEnd = "";

    public CsvReader(Reader in, char delimiter) {
        this.ends = new LineEnds(in);
        this.lines = LineReader.of(ends);
        delimiter(delimiter);
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

    /** The fields of one line of a format read line by line; an unclosed quote runs to its end. */
    public static List<String> fields(String line, char delimiter) {
        return parse(format(delimiter).setLenientEof(true).get(), line);
    }

    /** Changes the delimiter for the records after the one just read (for a sniffed header). */
    public void delimiter(char delimiter) {
        this.strict = format(delimiter).get();
    }

    /** The next record, or null at the end of the file. */
    public CsvRecord next() throws IOException {
        LineReader.Line first = line();
        while (first != null && first.text().isEmpty() && !first.tooLong()) {
            first = line();
        }
        if (first == null) {
            return null;
        }
        StringBuilder text = new StringBuilder(first.text());
        LineReader.Line last = first;
        List<String> fields = first.tooLong() ? null : parse(strict, first.text());
        while (fields == null && !last.tooLong() && text.length() <= LineReader.MAX_LINE_CHARS) {
            String end = lastEnd;
            LineReader.Line next = line();
            text.append(end);
            if (next == null) {
                fields = parse(strict.builder().setLenientEof(true).get(), text);
                return new CsvRecord(first.number(), fields, text.toString(), TRUNCATED);
            }
            text.append(next.text());
            last = next;
            // the line goes on inside the quoted field the lines before left open
            if (parse(strict, '"' + next.text()) != null) {
                fields = parse(strict, text);
            }
        }
        if (fields == null || text.length() > LineReader.MAX_LINE_CHARS) {
            return new CsvRecord(
                    first.number(),
                    List.of(),
                    LineReader.kept(text.toString()),
                    LineReader.TOO_LONG);
        }
        return new CsvRecord(first.number(), fields, text.toString(), null, last.endsMidLine());
    }

    /** The next line; its line end as written in {@link #lastEnd}. */
    private LineReader.Line line() throws IOException {
        LineReader.Line line = lines.next();
        lastEnd = line == null || line.endsMidLine() ? "" : ends.next();
        return line;
    }

    private static CSVFormat.Builder format(char delimiter) {
        return CSVFormat.RFC4180
                .builder()
                .setDelimiter(delimiter)
                .setIgnoreEmptyLines(false)
                .setTrailingData(true);
    }

    /** The fields of the text's first record, or null when it ends inside a quoted field. */
    private static List<String> parse(CSVFormat format, CharSequence text) {
        try (CSVParser parser =
                CSVParser.builder()
                        .setFormat(format)
                        .setReader(new StringReader(text.toString()))
                        .get()) {
            return parser.stream().findFirst().map(r -> r.toList()).orElse(List.of(""));
        } catch (UncheckedIOException e) {
            return null; // Commons CSV: EOF reached before encapsulated token finished
        } catch (IOException e) {
            throw new IllegalStateException("a StringReader does not fail", e);
        }
    }

    @Override
    public void close() throws IOException {
        lines.close();
    }
}
