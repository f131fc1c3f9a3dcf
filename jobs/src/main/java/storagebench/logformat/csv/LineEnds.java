package storagebench.logformat.csv;

import java.io.IOException;
import java.io.PushbackReader;
import java.io.Reader;
import java.util.ArrayDeque;
import java.util.Queue;

/**
 * A text with CRLF and a lone CR read as LF, since in a delimited file each of the three ends a
 * record; what each line end was is kept, in order, for the records' text and quoted fields.
 */
final class LineEnds extends Reader {
    private final PushbackReader in;
    private final Queue<String> ends = new ArrayDeque<>();

    LineEnds(Reader in) {
        this.in = new PushbackReader(in, 1);
    }

    /** The line end, as written, of the next line whose LF was read. */
    String next() {
        return ends.remove();
    }

    @Override
    public int read(char[] buffer, int offset, int length) throws IOException {
        int n = in.read(buffer, offset, length);
        if (n <= 0) {
            return n;
        }
        int kept = offset;
        for (int i = offset; i < offset + n; i++) {
            char c = buffer[i];
            if (c == '\r' && i + 1 < offset + n) {
                ends.add(buffer[i + 1] == '\n' ? "\r\n" : "\r");
                i += buffer[i + 1] == '\n' ? 1 : 0;
            } else if (c == '\r') {
                int next = in.read();
                ends.add(next == '\n' ? "\r\n" : "\r");
                if (next >= 0 && next != '\n') {
                    in.unread(next);
                }
            } else if (c == '\n') {
                ends.add("\n");
            }
            buffer[kept++] = c == '\r' ? '\n' : c;
        }
        return kept - offset;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
