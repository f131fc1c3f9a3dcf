package storagebench.importer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Reader;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What every log parser promises, and its golden files. Each parser's test extends this with a
 * small valid sample of its format.
 *
 * <p>Golden files: for every input {@code importer/<format>/NAME.(csv|tsv|txt)} (made by hand, see
 * the README there), optionally with options in {@code NAME.csv.options} (a properties file), the
 * records rendered by {@link ParsedText} must equal {@code NAME.csv.golden}. After a deliberate change,
 * regenerate them with {@code mvn -o -q -B -pl jobs test -Dtest='*ParserTest' -Dgolden.update=true}
 * and review the diff.
 */
public abstract class LogParserContractTest {
    private static final String UPDATE = "golden.update";

    @TempDir
    protected Path dir;

    protected abstract LogParser parser();

    /** A small valid file of this format, lines ending in \n, with {@code name} in a text field. */
    protected abstract String sample(String name);

    /** The options that read {@link #sample}. */
    protected Map<String, String> sampleOptions() {
        return Map.of();
    }

    protected List<Parsed> parse(Path file, Map<String, String> options) throws IOException {
        try (Stream<Parsed> records = parser().parse(file, options)) {
            return records.toList();
        }
    }

    protected Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    protected static String rendered(List<Parsed> records) {
        return records.stream().map(ParsedText::render).collect(Collectors.joining("\n", "", "\n"));
    }

    @Test
    void isRegisteredByItsName() {
        assertThat(LogParsers.find(parser().name())).isPresent();
        assertThat(LogParsers.find(parser().name()).orElseThrow().getClass()).isEqualTo(parser().getClass());
        assertThat(parser().description()).isNotBlank();
    }

    @TestFactory
    Stream<DynamicTest> goldenFilesMatch() throws IOException, URISyntaxException {
        URL url = getClass().getResource("/importer/" + parser().name());
        assertThat(url).as("fixtures of %s", parser().name()).isNotNull();
        Path fixtures = Path.of(url.toURI());
        List<Path> inputs;
        try (Stream<Path> files = Files.list(fixtures)) {
            inputs = files.filter(f -> f.toString().matches(".*\\.(csv|tsv|txt)$")).sorted().toList();
        }
        assertThat(inputs).as("fixtures of %s", parser().name()).isNotEmpty();
        return inputs.stream().map(input -> DynamicTest.dynamicTest(input.getFileName().toString(), () -> {
            // given
            Map<String, String> options = options(input);

            // when
            String actual = rendered(parse(input, options));

            // then
            String name = input.getFileName() + ".golden";
            if (Boolean.getBoolean(UPDATE)) {
                Path source = Path.of(System.getProperty("basedir", "."), "src/test/resources/importer",
                        parser().name(), name);
                Files.writeString(source, actual);
            } else {
                Path golden = input.resolveSibling(name);
                assertThat(golden).as("golden file; create it with -D%s=true", UPDATE).exists();
                assertThat(actual).isEqualTo(Files.readString(golden));
            }
        }));
    }

    /** NAME.options beside the input; a relative mapping file is taken from the fixtures too. */
    private static Map<String, String> options(Path input) throws IOException {
        Path file = input.resolveSibling(input.getFileName() + ".options");
        Map<String, String> options = new LinkedHashMap<>();
        if (Files.exists(file)) {
            Properties properties = new Properties();
            try (Reader in = Files.newBufferedReader(file)) {
                properties.load(in);
            }
            properties.stringPropertyNames().forEach(k -> options.put(k, properties.getProperty(k)));
        }
        options.computeIfPresent("mapping", (k, v) -> input.resolveSibling(v).toString());
        return options;
    }

    @ParameterizedTest
    @ValueSource(strings = {"gbak-restore.log", "fio.json", "pgbench.txt"})
    void mismatchNamesThisFormatForOtherFormats(String other) throws Exception {
        // given
        Path file = Path.of(getClass().getResource("/importer/other/" + other).toURI());
        List<String> head = LineReader.head(file);

        // when
        var why = parser().mismatch(head);

        // then
        assertThat(why).as(other).isPresent();
        assertThat(why.orElseThrow()).contains(parser().name());
    }

    @Test
    void mismatchNamesThisFormatForGarbageAndAcceptsTheSample() throws IOException {
        // given
        Path garbage = write("garbage.bin", randomBytes(4096));
        Path sample = write("sample", sample("x").getBytes(StandardCharsets.UTF_8));

        // when
        var onGarbage = parser().mismatch(LineReader.head(garbage));
        var onSample = parser().mismatch(LineReader.head(sample));
        var onNothing = parser().mismatch(List.of());

        // then
        assertThat(onGarbage).isPresent();
        assertThat(onGarbage.orElseThrow()).contains(parser().name());
        assertThat(onNothing.orElseThrow()).contains(parser().name());
        assertThat(onSample).isEmpty();
    }

    @Test
    void mismatchReadsAtMostTwentyLines() {
        // given a head whose lines past the 20th must not be looked at
        List<String> lines = sample("x").lines().toList();
        List<String> head = new AbstractList<>() {
            @Override
            public String get(int index) {
                if (index >= LogParser.SNIFF_LINES) {
                    throw new AssertionError("read line " + (index + 1));
                }
                return lines.get(Math.min(index, lines.size() - 1));
            }

            @Override
            public int size() {
                return 1000;
            }
        };

        // when
        var why = parser().mismatch(head);

        // then
        assertThat(why).isEmpty();
    }

    @Test
    void anEmptyFileGivesAtMostOneMalformed() throws IOException {
        // given
        Path empty = write("empty", new byte[0]);

        // when
        List<Parsed> records = parse(empty, sampleOptions());

        // then
        assertThat(records).hasSizeLessThanOrEqualTo(1).allMatch(r -> r instanceof Parsed.Malformed);
    }

    @Test
    void binaryGarbageGivesMalformedRecordsOnly() throws IOException {
        // given
        Path garbage = write("garbage.bin", randomBytes(256 * 1024));

        // when
        List<Parsed> records = parse(garbage, sampleOptions());

        // then
        assertThat(records).isNotEmpty().allMatch(r -> r instanceof Parsed.Malformed);
    }

    @Test
    void crlfReadsLikeLf() throws IOException {
        // given
        Path lf = write("lf", sample("x").getBytes(StandardCharsets.UTF_8));
        Path crlf = write("crlf", sample("x").replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8));

        // when
        List<Parsed> fromLf = parse(lf, sampleOptions());
        List<Parsed> fromCrlf = parse(crlf, sampleOptions());

        // then
        assertThat(fromLf).noneMatch(r -> r instanceof Parsed.Malformed);
        assertThat(rendered(fromCrlf)).isEqualTo(rendered(fromLf));
    }

    @Test
    void aFiftyMegabyteLineIsMalformedAndReadingGoesOn() throws IOException {
        // given the sample with a 50 MB line before its last line
        List<String> lines = sample("x").lines().toList();
        Path file = dir.resolve("long");
        try (OutputStream out = Files.newOutputStream(file)) {
            for (String line : lines.subList(0, lines.size() - 1)) {
                out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            }
            byte[] chunk = new byte[1024 * 1024];
            Arrays.fill(chunk, (byte) 'a');
            for (int i = 0; i < 50; i++) {
                out.write(chunk);
            }
            out.write(("\n" + lines.get(lines.size() - 1) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        long longLine = lines.size();

        // when
        List<Parsed> records = parse(file, sampleOptions());

        // then
        List<Parsed.Malformed> malformed = records.stream()
                .filter(r -> r instanceof Parsed.Malformed).map(r -> (Parsed.Malformed) r).toList();
        assertThat(malformed).hasSize(1);
        assertThat(malformed.get(0).line()).isEqualTo(longLine);
        assertThat(malformed.get(0).reason()).contains("line too long");
        assertThat(malformed.get(0).text()).hasSizeLessThan(1000);
        assertThat(records).anyMatch(r -> !(r instanceof Parsed.Malformed) && r.line() == longLine + 1);
        assertThat(LineReader.head(file).get((int) longLine - 1))
                .hasSize(LineReader.MAX_LINE_CHARS);
    }

    @Test
    void iso88591BytesAreReplacedNotFatal() throws IOException {
        // given the sample saved as ISO-8859-1 with a name that is not ASCII
        Path file = write("latin1", sample("Ærø").getBytes(StandardCharsets.ISO_8859_1));

        // when
        List<Parsed> records = parse(file, sampleOptions());

        // then
        assertThat(records).isNotEmpty().noneMatch(r -> r instanceof Parsed.Malformed);
        assertThat(rendered(records)).contains("\uFFFDr\uFFFD");
    }

    @Test
    void aTruncatedLastRowIsMalformed() throws IOException {
        // given the sample cut in the middle of its last line
        String text = sample("x");
        String cut = text.substring(0, text.stripTrailing().lastIndexOf('\n') + 8);
        long lastLine = cut.lines().count();

        // when
        List<Parsed> records = parse(write("cut", cut.getBytes(StandardCharsets.UTF_8)), sampleOptions());

        // then
        assertThat(records).filteredOn(r -> r instanceof Parsed.Malformed)
                .singleElement()
                .satisfies(r -> assertThat(r.line()).isEqualTo(lastLine));
    }

    private static byte[] randomBytes(int n) {
        byte[] bytes = new byte[n];
        new Random(42).nextBytes(bytes);
        return bytes;
    }
}
