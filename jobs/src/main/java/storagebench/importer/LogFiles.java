package storagebench.importer;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PushbackReader;
import java.io.Reader;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Opens raw logs as text the same way for every parser: bytes that are not valid in the charset
 * become U+FFFD instead of an exception (a log saved as ISO-8859-1 still reads), a leading byte
 * order mark is dropped, and no line is ever held whole beyond {@link #MAX_LINE_CHARS}.
 */
public final class LogFiles {
    /** A line (or CSV record) longer than this is reported as "line too long", not buffered. */
    public static final int MAX_LINE_CHARS = 1 << 20;
    private static final char BOM = '\uFEFF';

    private LogFiles() {
    }

    /** A reader of the file's text: invalid bytes replaced, the BOM dropped. */
    public static Reader open(Path file, Charset charset) throws IOException {
        CharsetDecoder decoder = charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        PushbackReader reader = new PushbackReader(new InputStreamReader(Files.newInputStream(file), decoder), 1);
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

    /**
     * The first {@link LogParser#SNIFF_LINES} lines for {@link LogParser#mismatch}, each cut at
     * {@link #MAX_LINE_CHARS}: a file of one 50 MB line costs 1 MiB, not 50.
     */
    public static List<String> head(Path file, Charset charset) throws IOException {
        List<String> lines = new ArrayList<>();
        try (Reader in = open(file, charset)) {
            StringBuilder line = new StringBuilder();
            int c = in.read();
            while (c >= 0 && lines.size() < LogParser.SNIFF_LINES) {
                if (c == '\n' || c == '\r') {
                    lines.add(line.toString());
                    line.setLength(0);
                    int next = in.read();
                    c = c == '\r' && next == '\n' ? in.read() : next;
                    continue;
                }
                if (line.length() < MAX_LINE_CHARS) {
                    line.append((char) c);
                }
                c = in.read();
            }
            if (line.length() > 0 && lines.size() < LogParser.SNIFF_LINES) {
                lines.add(line.toString());
            }
        }
        return lines;
    }
}
