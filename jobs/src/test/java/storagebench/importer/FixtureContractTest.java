package storagebench.importer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every log parser promises, run against its fixtures and against hostile files. Each fixture
 * {@code X} in {@link #fixtures()} has a golden file {@code X.golden}: one {@link FixtureText} line per
 * record. After a deliberate change, rewrite them with
 * {@code mvn -o -q -B -pl jobs test -Dtest='*ParserTest' -Dgolden.update=true} and review the diff.
 */
public abstract class FixtureContractTest {
    private static final boolean UPDATE = Boolean.getBoolean("golden.update");

    @TempDir
    protected Path dir;

    protected abstract LogParser parser();

    /** This format's fixtures, e.g. {@code src/test/resources/importer/fio}. */
    protected abstract Path fixtures();

    /** Another format's fixtures: none of them may be taken for this format. */
    protected abstract Path otherFormat();

    protected static List<Path> files(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> !f.getFileName().toString().matches(".*\\.(golden|fio|md)")).sorted().toList();
        }
    }

    protected List<Parsed> parse(Path file) throws IOException {
        return parse(file, Map.of());
    }

    protected List<Parsed> parse(Path file, Map<String, String> options) throws IOException {
        try (Stream<Parsed> records = parser().parse(file, options)) {
            return records.toList();
        }
    }

    /** A file in the test's folder; a name with folders ("crlf/x.log") keeps a fixture's own name. */
    protected Path write(String name, byte[] bytes) throws IOException {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        return Files.write(file, bytes);
    }

    protected static List<String> render(List<Parsed> records) {
        return records.stream().map(FixtureText::render).toList();
    }

    @Test
    void isRegisteredByItsName() {
        assertThat(LogParsers.find(parser().name())).get().isInstanceOf(parser().getClass());
        assertThat(parser().name()).matches("[a-z0-9-]+");
        assertThat(parser().description()).isNotBlank().doesNotContain("\n");
    }

    @TestFactory
    Stream<DynamicTest> everyFixtureMatchesItsGoldenFile() throws IOException {
        return files(fixtures()).stream().map(fixture -> dynamicTest(fixture.getFileName().toString(), () -> {
            // given
            Path golden = fixture.resolveSibling(fixture.getFileName() + ".golden");
            // when
            List<String> lines = render(parse(fixture));
            // then
            if (UPDATE) {
                Files.write(golden, lines, StandardCharsets.UTF_8);
            }
            assertThat(golden).as("golden file; write it with -Dgolden.update=true").exists();
            assertThat(lines).containsExactlyElementsOf(Files.readAllLines(golden, StandardCharsets.UTF_8));
        }));
    }

    @TestFactory
    Stream<DynamicTest> everyFixtureIsRecognisedFromItsFirstLines() throws IOException {
        return files(fixtures()).stream().map(fixture -> dynamicTest(fixture.getFileName().toString(), () -> {
            assertThat(parser().mismatch(LineReader.head(fixture))).isEmpty();
        }));
    }

    @TestFactory
    Stream<DynamicTest> otherFormatsAreRefusedNamingThisOne() throws IOException {
        return files(otherFormat()).stream().map(other -> dynamicTest(other.getFileName().toString(), () -> {
            assertThat(parser().mismatch(LineReader.head(other))).get().asString().contains(parser().name());
        }));
    }

    @Test
    void garbageIsRefused() {
        assertThat(parser().mismatch(List.of())).isPresent();
        assertThat(parser().mismatch(List.of("hello", "", "world 1 2 3"))).isPresent();
        assertThat(parser().mismatch(List.of("\u0000\u0001\ufffd\ufffd", "PK\u0003\u0004"))).isPresent();
    }

    @Test
    void mismatchLooksAtTheFirst20LinesOnly() throws IOException {
        // given
        List<String> head = new ArrayList<>(Collections.nCopies(LogParser.SNIFF_LINES, "some other tool's chatter"));
        head.addAll(LineReader.head(files(fixtures()).get(0)));
        // when / then
        assertThat(parser().mismatch(head)).isPresent();
        assertThat(parser().mismatch(head.subList(LogParser.SNIFF_LINES, head.size()))).isEmpty();
    }

    @Test
    void anEmptyFileIsOneMalformedRecord() throws IOException {
        // given
        Path empty = write("empty.log", new byte[0]);
        // when
        List<Parsed> records = parse(empty);
        // then
        assertThat(records).singleElement().isInstanceOf(Parsed.Malformed.class);
    }

    @Test
    void binaryGarbageGivesMalformedRecordsNotExceptions() throws IOException {
        // given
        byte[] bytes = new byte[256 * 1024];
        new Random(42).nextBytes(bytes);
        Path garbage = write("garbage.bin", bytes);
        // when
        List<Parsed> records = parse(garbage);
        // then
        assertThat(records).isNotEmpty().allMatch(r -> r instanceof Parsed.Malformed);
        assertThat(parser().mismatch(LineReader.head(garbage))).isPresent();
    }

    @Test
    void aFiftyMegabyteLineIsNotHeldInMemory() throws IOException {
        // given
        Path huge = dir.resolve("huge.log");
        byte[] chunk = new byte[1024 * 1024];
        Arrays.fill(chunk, (byte) 'x');
        try (OutputStream out = Files.newOutputStream(huge)) {
            for (int i = 0; i < 50; i++) {
                out.write(chunk);
            }
        }
        // when
        List<String> head = LineReader.head(huge);
        List<Parsed> records = parse(huge);
        // then
        assertThat(head).singleElement().asString().hasSize(LineReader.MAX_LINE_CHARS);
        assertThat(parser().mismatch(head)).isPresent();
        assertThat(records).isNotEmpty().allMatch(r -> r instanceof Parsed.Malformed);
    }

    @TestFactory
    Stream<DynamicTest> crlfLineEndsGiveTheSameRecords() throws IOException {
        return files(fixtures()).stream().map(fixture -> dynamicTest(fixture.getFileName().toString(), () -> {
            // given
            String text = Files.readString(fixture, StandardCharsets.UTF_8);
            Path crlf = write("crlf/" + fixture.getFileName(), text.replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8));
            // when / then
            assertThat(render(parse(crlf))).containsExactlyElementsOf(render(parse(fixture)));
        }));
    }

    @Test
    void isoLatin1BytesAreReplacedNotFatal() throws IOException {
        // given
        Path fixture = files(fixtures()).get(0);
        byte[] latin1 = "r\u00e9sultats du d\u00e9p\u00f4t \u00e0 17h\n".getBytes(StandardCharsets.ISO_8859_1);
        byte[] original = Files.readAllBytes(fixture);
        byte[] bytes = Arrays.copyOf(latin1, latin1.length + original.length);
        System.arraycopy(original, 0, bytes, latin1.length, original.length);
        Path prefixed = write("latin1/" + fixture.getFileName(), bytes);
        // when
        List<Parsed> records = parse(prefixed);
        // then
        assertThat(steps(records)).containsExactlyElementsOf(steps(parse(fixture)));
    }

    private static List<String> steps(List<Parsed> records) {
        return records.stream().filter(r -> r instanceof Parsed.Step).map(FixtureText::withoutLine).toList();
    }
}
