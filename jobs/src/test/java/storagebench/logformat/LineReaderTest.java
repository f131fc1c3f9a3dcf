package storagebench.logformat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LineReaderTest {
    @TempDir Path dir;

    private List<LineReader.Line> read(byte[] bytes) throws IOException {
        Path file = Files.write(dir.resolve("log"), bytes);
        List<LineReader.Line> lines = new ArrayList<>();
        try (LineReader reader = LineReader.open(file)) {
            for (LineReader.Line line = reader.next(); line != null; line = reader.next()) {
                lines.add(line);
            }
        }
        return lines;
    }

    private List<LineReader.Line> read(String text) throws IOException {
        return read(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void numbersLinesAndDropsCrBeforeLfButKeepsALoneCr() throws IOException {
        // given CRLF, LF, a blank line, a lone CR and a last line without line end
        String text = "a\r\nb\n\nc\rd\r\ne";

        // when
        List<LineReader.Line> lines = read(text);

        // then
        assertThat(lines)
                .extracting(LineReader.Line::text)
                .containsExactly("a", "b", "", "c\rd", "e");
        assertThat(lines).extracting(LineReader.Line::number).containsExactly(1L, 2L, 3L, 4L, 5L);
        assertThat(lines).noneMatch(LineReader.Line::tooLong);
    }

    @Test
    void anEmptyFileHasNoLinesAndAFinalLineEndAddsNone() throws IOException {
        assertThat(read("")).isEmpty();
        assertThat(read("x\n")).extracting(LineReader.Line::text).containsExactly("x");
        assertThat(read("\n")).extracting(LineReader.Line::text).containsExactly("");
        assertThat(read("x\r")).extracting(LineReader.Line::text).containsExactly("x");
    }

    @Test
    void aByteOrderMarkIsDroppedAndBytesThatAreNotUtf8BecomeReplacementCharacters()
            throws IOException {
        // given a BOM, then "café" in ISO-8859-1 and a stray continuation byte
        byte[] bytes = {
            (byte) 0xEF,
            (byte) 0xBB,
            (byte) 0xBF,
            'o',
            'k',
            '\n',
            'c',
            'a',
            'f',
            (byte) 0xE9,
            '\n',
            (byte) 0x80,
            'z'
        };

        // when
        List<LineReader.Line> lines = read(bytes);

        // then
        assertThat(lines)
                .extracting(LineReader.Line::text)
                .containsExactly("ok", "caf\uFFFD", "\uFFFDz");
    }

    @Test
    void theTextInAnotherCharsetDropsItsByteOrderMarkToo() throws IOException {
        // given
        Path file =
                Files.write(
                        dir.resolve("utf16"),
                        "\uFEFFd\u00e9j\u00e0".getBytes(StandardCharsets.UTF_16LE));

        // when
        StringWriter text = new StringWriter();
        try (Reader in = LineReader.text(file, StandardCharsets.UTF_16LE)) {
            in.transferTo(text);
        }

        // then
        assertThat(text).hasToString("d\u00e9j\u00e0");
    }

    @Test
    void aLongLineKeepsItsStartCountsTheRestAndTheNextLineStillReads() throws IOException {
        // given
        int length = LineReader.MAX_LINE_CHARS * 3 + 7;

        // when
        List<LineReader.Line> lines = read("x".repeat(length) + "\r\nnext\n");

        // then
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0).text()).hasSize(LineReader.MAX_LINE_CHARS);
        assertThat(lines.get(0).length()).isEqualTo(length);
        assertThat(lines.get(0).tooLong()).isTrue();
        assertThat(lines.get(0).malformed())
                .isEqualTo(
                        new Parsed.Malformed(
                                1, LineReader.TOO_LONG, "x".repeat(LineReader.KEPT_CHARS)));
        assertThat(lines.get(1).text()).isEqualTo("next");
        assertThat(lines.get(1).number()).isEqualTo(2);
    }

    @Test
    void aLineOfExactlyTheLimitIsNotCutByItsCarriageReturn() throws IOException {
        // when / then
        assertThat(read("y".repeat(LineReader.MAX_LINE_CHARS) + "\r\n"))
                .singleElement()
                .satisfies(
                        l -> {
                            assertThat(l.tooLong()).isFalse();
                            assertThat(l.text())
                                    .hasSize(LineReader.MAX_LINE_CHARS)
                                    .doesNotContain("\r");
                        });
    }

    @Test
    void headIsTheFirstTwentyLinesWithTooLongOnesCut() throws IOException {
        // given
        Path many = Files.writeString(dir.resolve("many"), "line\n".repeat(100));
        Path cut =
                Files.writeString(
                        dir.resolve("cut"),
                        "z".repeat(LineReader.MAX_LINE_CHARS + 1) + "\nafter\n");

        // when / then
        assertThat(LineReader.head(many)).hasSize(LogParser.SNIFF_LINES);
        assertThat(LineReader.head(many, 3)).containsExactly("line", "line", "line");
        assertThat(LineReader.head(cut)).hasSize(2).last().isEqualTo("after");
        assertThat(LineReader.head(cut).get(0)).hasSize(LineReader.MAX_LINE_CHARS);
    }

    @Test
    void lineRecordsTurnTooLongLinesIntoMalformedRecords() throws IOException {
        // given
        Path file =
                Files.writeString(
                        dir.resolve("records"),
                        "short\n" + "w".repeat(LineReader.MAX_LINE_CHARS + 1) + "\nlast\n");

        // when
        List<Parsed> records;
        try (var stream = new Echo(file).stream()) {
            records = stream.toList();
        }

        // then
        assertThat(records).hasSize(3);
        assertThat(records.get(0)).isInstanceOf(Parsed.Step.class);
        assertThat(records.get(1))
                .isInstanceOfSatisfying(
                        Parsed.Malformed.class,
                        m -> {
                            assertThat(m.line()).isEqualTo(2);
                            assertThat(m.reason()).isEqualTo(LineReader.TOO_LONG);
                            assertThat(m.text()).hasSize(LineReader.KEPT_CHARS);
                        });
        assertThat(records.get(2))
                .isInstanceOfSatisfying(Parsed.Step.class, s -> assertThat(s.line()).isEqualTo(3));
    }

    /** One step per line. */
    private static final class Echo extends LineRecords {
        Echo(Path file) {
            super(file);
        }

        @Override
        protected void accept(LineReader.Line line, Consumer<Parsed> out) {
            out.accept(
                    new Parsed.Step(
                            "t", Map.of(), line.text(), null, 0, null, Map.of(), line.number()));
        }
    }
}
