package storagebench.importer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
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
    @TempDir
    Path dir;

    private List<LineReader.Line> read(byte[] bytes) throws IOException {
        Path file = Files.write(dir.resolve("log"), bytes);
        List<LineReader.Line> lines = new ArrayList<>();
        try (LineReader reader = LineReader.open(file)) {
            for (LineReader.Line l = reader.next(); l != null; l = reader.next()) {
                lines.add(l);
            }
        }
        return lines;
    }

    @Test
    void lfCrlfAndNoFinalNewlineAllEndLines() throws IOException {
        // when
        List<LineReader.Line> lines = read("a\r\nb\n\r\nc".getBytes(StandardCharsets.UTF_8));
        // then
        assertThat(lines).extracting(LineReader.Line::text).containsExactly("a", "b", "", "c");
        assertThat(lines).extracting(LineReader.Line::number).containsExactly(1L, 2L, 3L, 4L);
        assertThat(lines).noneMatch(LineReader.Line::cut);
    }

    @Test
    void aByteOrderMarkIsDroppedAndLatin1BecomesReplacementCharacters() throws IOException {
        // given
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'o', 'k', '\n'};
        byte[] latin1 = "d\u00e9j\u00e0\n".getBytes(StandardCharsets.ISO_8859_1);
        // when / then
        assertThat(read(bom)).singleElement().extracting(LineReader.Line::text).isEqualTo("ok");
        assertThat(read(latin1)).singleElement().extracting(LineReader.Line::text).isEqualTo("d\ufffdj\ufffd");
    }

    @Test
    void aLongLineKeepsItsStartAndCountsTheRest() throws IOException {
        // given
        int length = LineReader.MAX_LINE_CHARS * 3 + 7;
        byte[] bytes = ("x".repeat(length) + "\r\nnext\n").getBytes(StandardCharsets.UTF_8);
        // when
        List<LineReader.Line> lines = read(bytes);
        // then
        assertThat(lines.get(0).text()).hasSize(LineReader.MAX_LINE_CHARS);
        assertThat(lines.get(0).length()).isEqualTo(length);
        assertThat(lines.get(0).cut()).isTrue();
        assertThat(lines.get(1).text()).isEqualTo("next");
    }

    @Test
    void aLineOfExactlyTheLimitIsNotCutByItsCarriageReturn() throws IOException {
        // given
        byte[] bytes = ("y".repeat(LineReader.MAX_LINE_CHARS) + "\r\n").getBytes(StandardCharsets.UTF_8);
        // when / then
        assertThat(read(bytes)).singleElement().satisfies(l -> {
            assertThat(l.cut()).isFalse();
            assertThat(l.text()).hasSize(LineReader.MAX_LINE_CHARS).doesNotContain("\r");
        });
    }

    @Test
    void headStopsAfterTwentyLinesOrALineThatWasCut() throws IOException {
        // given
        Path many = Files.write(dir.resolve("many"), "line\n".repeat(100).getBytes(StandardCharsets.UTF_8));
        Path cut = Files.write(dir.resolve("cut"), ("z".repeat(LineReader.MAX_LINE_CHARS + 1) + "\nafter\n")
                .getBytes(StandardCharsets.UTF_8));
        // when / then
        assertThat(LineReader.head(many)).hasSize(LogParser.SNIFF_LINES);
        assertThat(LineReader.head(cut)).hasSize(1);
    }

    @Test
    void lineRecordsTurnCutLinesIntoMalformedRecords() throws IOException {
        // given
        Path file = Files.write(dir.resolve("records"), ("short\n" + "w".repeat(LineReader.MAX_LINE_CHARS + 1) + "\n")
                .getBytes(StandardCharsets.UTF_8));
        // when
        List<Parsed> records;
        try (var stream = new Echo(file).stream()) {
            records = stream.toList();
        }
        // then
        assertThat(records).hasSize(2);
        assertThat(records.get(0)).isInstanceOf(Parsed.Step.class);
        assertThat(records.get(1)).isInstanceOfSatisfying(Parsed.Malformed.class, m -> {
            assertThat(m.line()).isEqualTo(2);
            assertThat(m.reason()).contains("65537 characters");
            assertThat(m.text()).hasSizeLessThan(300);
        });
    }

    /** One step per line. */
    private static final class Echo extends LineRecords {
        Echo(Path file) throws IOException {
            super(file);
        }

        @Override
        protected void accept(LineReader.Line line, Consumer<Parsed> out) {
            out.accept(new Parsed.Step("t", Map.of(), line.text(), null, 0, null, Map.of(),
                    line.number()));
        }
    }
}
