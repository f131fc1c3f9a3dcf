package storagebench.importer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class LogLinesTest {

    private static List<LogLines.Line> read(byte[] bytes, int max) {
        try (Stream<LogLines.Line> lines = LogLines.of(new ByteArrayInputStream(bytes), max)) {
            return lines.toList();
        }
    }

    private static List<LogLines.Line> read(String text) {
        return read(text.getBytes(StandardCharsets.UTF_8), LogLines.MAX_LINE_BYTES);
    }

    @Test
    void numbersLinesAndDropsCrBeforeLf() {
        // given CRLF, LF, a blank line, a lone CR and a last line without line end
        String text = "a\r\nb\n\nc\rd\r\ne";

        // when
        List<LogLines.Line> lines = read(text);

        // then
        assertThat(lines).containsExactly(
                new LogLines.Line(1, "a", false),
                new LogLines.Line(2, "b", false),
                new LogLines.Line(3, "", false),
                new LogLines.Line(4, "c\rd", false),
                new LogLines.Line(5, "e", false));
    }

    @Test
    void emptyInputHasNoLinesAndAFinalLineEndAddsNone() {
        assertThat(read("")).isEmpty();
        assertThat(read("x\n")).containsExactly(new LogLines.Line(1, "x", false));
        assertThat(read("\n")).containsExactly(new LogLines.Line(1, "", false));
    }

    @Test
    void aLineOverTheLimitIsFlaggedCutAndTheNextLineStillReads() {
        // given a limit of 300 bytes and a line of 1,000
        String text = "x".repeat(1_000) + "\nnext\n";

        // when
        List<LogLines.Line> lines = read(text.getBytes(StandardCharsets.UTF_8), 300);

        // then
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0).tooLong()).isTrue();
        assertThat(lines.get(0).text()).hasSize(LogLines.KEPT_BYTES);
        assertThat(lines.get(0).malformed().reason()).startsWith("line too long");
        assertThat(lines.get(1)).isEqualTo(new LogLines.Line(2, "next", false));
    }

    @Test
    void bytesThatAreNotUtf8BecomeReplacementCharactersAndABomIsDropped() {
        // given a BOM, then "café" in ISO-8859-1 and a stray continuation byte
        byte[] bytes = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'o', 'k', '\n', 'c', 'a', 'f', (byte) 0xE9, '\n',
            (byte) 0x80, 'z'};

        // when
        List<LogLines.Line> lines = read(bytes, LogLines.MAX_LINE_BYTES);

        // then
        assertThat(lines).extracting(LogLines.Line::text).containsExactly("ok", "caf\uFFFD", "\uFFFDz");
    }
}
