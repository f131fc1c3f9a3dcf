package storagebench.logformat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.ThrowingConsumer;
import org.junit.jupiter.api.io.TempDir;
import storagebench.BadInputException;

/**
 * What every {@link LogParser} promises, checked on its fixtures and on hostile files. Each parser's
 * test extends this with its fixtures and a small sample of its format, and adds its own tests.
 *
 * <p><b>Golden files.</b> Every fixture {@code X} matching the fixtures glob has {@code X.golden}
 * beside it: the records parsed from {@code X} with the options in {@code X.options} (a properties
 * file; a relative {@code mapping=} file is taken from beside it), one line each as
 * {@link ParsedText} renders them. After a deliberate change, regenerate them and review the diff:
 *
 * <pre>
 * mvn -o -q -B -pl jobs test -Dtest='*ParserTest' -Dgolden.update=true
 * git diff jobs/src/test/resources/importer/
 * </pre>
 */
public abstract class LogParserContractTest {
    private static final boolean UPDATE = Boolean.getBoolean("golden.update");
    private static final Path FIXTURES =
            Path.of(System.getProperty("basedir", "."), "src/test/resources/importer");

    private final LogParser parser;
    private final String fixtures;

    @TempDir protected Path dir;

    /**
     * @param parser the parser under test
     * @param fixtures its fixtures with golden files: a glob under {@code src/test/resources/importer},
     *     e.g. {@code gbak/*.log}
     */
    protected LogParserContractTest(LogParser parser, String fixtures) {
        this.parser = parser;
        this.fixtures = fixtures;
    }

    protected final LogParser parser() {
        return parser;
    }

    /** A small valid file of this format, lines ending in \n, with {@code name} in a text field of its records. */
    protected abstract String sample(String name);

    /** The options that read {@link #sample} and the hostile files. */
    protected Map<String, String> sampleOptions() {
        return Map.of();
    }

    /**
     * Option sets that read {@link #sample}, each complete (not added to {@link #sampleOptions}), that
     * between them give every option the parser declares (a prefix with some name after it).
     */
    protected List<Map<String, String>> optionExamples() throws IOException {
        return List.of(sampleOptions());
    }

    /** Globs of other formats' fixtures this parser must refuse too, besides those in {@code importer/other}. */
    protected List<String> refused() {
        return List.of();
    }

    /** False for a format read as whole documents: a line too long then spoils the document, not only itself. */
    protected boolean readsLines() {
        return true;
    }

    /**
     * True for a format whose records have a fixed number of fields (a CSV under its header): a last
     * line without its line end that has them all and reads is imported; in any other format it is
     * quarantined as {@link LineRecords#ENDS_MID_LINE} (docs/import.md says which rule each has).
     */
    protected boolean fixedFieldCount() {
        return false;
    }

    protected List<Parsed> parse(Path file, Map<String, String> options) throws IOException {
        try (Stream<Parsed> records = parser().parse(file, options)) {
            return records.toList();
        }
    }

    protected List<Parsed> parse(Path file) throws IOException {
        return parse(file, Map.of());
    }

    /** A file among this format's fixtures. */
    protected Path fixture(String name) {
        return FIXTURES.resolve(fixtures).resolveSibling(name);
    }

    /** A file in the test's folder; a name with folders ("crlf/x.log") keeps a fixture's own name. */
    protected Path write(String name, byte[] bytes) throws IOException {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        return Files.write(file, bytes);
    }

    private List<String> rendered(List<Parsed> records) {
        return records.stream().map(ParsedText::render).toList();
    }

    /** The records as rendered, each with line 0: the same records read from a file with lines more or less. */
    private List<String> withoutLines(List<Parsed> records) {
        return records.stream()
                .map(LogParserContractTest::atLineZero)
                .map(ParsedText::render)
                .toList();
    }

    private static Parsed atLineZero(Parsed r) {
        if (r instanceof Parsed.Step s) {
            return new Parsed.Step(
                    s.trial(),
                    s.factors(),
                    s.step(),
                    s.start(),
                    s.durationNs(),
                    s.error(),
                    s.metrics(),
                    0);
        }
        if (r instanceof Parsed.Sample s) {
            return new Parsed.Sample(s.trial(), s.factors(), s.step(), s.sample(), 0);
        }
        if (r instanceof Parsed.HostRow h) {
            return new Parsed.HostRow(
                    h.trial(),
                    h.factors(),
                    h.step(),
                    h.intervalStart(),
                    h.intervalMs(),
                    h.source(),
                    h.name(),
                    h.metrics(),
                    0);
        }
        Parsed.Malformed m = (Parsed.Malformed) r;
        return new Parsed.Malformed(0, m.reason(), m.text());
    }

    /** Rendered records with their escaped CRLFs as LF. */
    private static List<String> lf(List<String> rendered) {
        return rendered.stream().map(r -> r.replace("\\r\\n", "\\n")).toList();
    }

    private static List<Path> files(String glob) throws IOException {
        Path pattern = FIXTURES.resolve(glob);
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> found =
                Files.newDirectoryStream(pattern.getParent(), pattern.getFileName().toString())) {
            found.forEach(files::add);
        }
        Collections.sort(files);
        assertThat(files).as(glob).isNotEmpty();
        return files;
    }

    /** {@code X.options} beside the fixture {@code X}. */
    private static Map<String, String> options(Path fixture) throws IOException {
        Path file = fixture.resolveSibling(fixture.getFileName() + ".options");
        Map<String, String> options = new LinkedHashMap<>();
        if (Files.exists(file)) {
            Properties properties = new Properties();
            try (Reader in = Files.newBufferedReader(file)) {
                properties.load(in);
            }
            properties
                    .stringPropertyNames()
                    .forEach(k -> options.put(k, properties.getProperty(k)));
        }
        options.computeIfPresent("mapping", (k, v) -> fixture.resolveSibling(v).toString());
        return options;
    }

    private static byte[] randomBytes(int n) {
        byte[] bytes = new byte[n];
        new Random(42).nextBytes(bytes);
        return bytes;
    }

    @Test
    void isRegisteredByItsName() {
        assertThat(LogParsers.find(parser().name())).get().isInstanceOf(parser().getClass());
        assertThat(parser().name()).matches("[a-z0-9-]+");
        assertThat(parser().description()).isNotBlank().doesNotContain("\n");
    }

    /** One test a fixture, named for it. */
    private Stream<DynamicTest> eachFixture(ThrowingConsumer<Path> test) throws IOException {
        return DynamicTest.stream(
                files(fixtures).stream(), fixture -> fixture.getFileName().toString(), test);
    }

    @TestFactory
    Stream<DynamicTest> everyFixtureMatchesItsGoldenFile() throws IOException {
        return eachFixture(
                fixture -> {
                    // given
                    Path golden = fixture.resolveSibling(fixture.getFileName() + ".golden");

                    // when
                    List<String> lines = rendered(parse(fixture, options(fixture)));

                    // then
                    if (UPDATE) {
                        Files.write(golden, lines, StandardCharsets.UTF_8);
                    }
                    assertThat(golden)
                            .as("golden file; write it with -Dgolden.update=true")
                            .exists();
                    assertThat(lines)
                            .containsExactlyElementsOf(
                                    Files.readAllLines(golden, StandardCharsets.UTF_8));
                });
    }

    @TestFactory
    Stream<DynamicTest> crlfLineEndsGiveTheSameRecords() throws IOException {
        return eachFixture(
                fixture -> {
                    // given the fixture with CRLF line ends, under the same name
                    String text = Files.readString(fixture, StandardCharsets.ISO_8859_1);
                    Path crlf =
                            write(
                                    "crlf/" + fixture.getFileName(),
                                    text.replace("\r\n", "\n")
                                            .replace("\n", "\r\n")
                                            .getBytes(StandardCharsets.ISO_8859_1));

                    // when
                    List<Parsed> fromCrlf = parse(crlf, options(fixture));
                    List<Parsed> fromFixture = parse(fixture, options(fixture));

                    // then the same records, but for line ends inside a quoted CSV value: they are
                    // kept as written
                    assertThat(lf(rendered(fromCrlf)))
                            .containsExactlyElementsOf(lf(rendered(fromFixture)));
                });
    }

    @TestFactory
    Stream<DynamicTest> aGzippedFixtureGivesTheSameRecords() throws IOException {
        return eachFixture(fixture -> compressedGivesTheSameRecords(fixture, ".gz"));
    }

    @TestFactory
    Stream<DynamicTest> aZstdFixtureGivesTheSameRecords() throws IOException {
        return eachFixture(fixture -> compressedGivesTheSameRecords(fixture, ".zst"));
    }

    private void compressedGivesTheSameRecords(Path fixture, String suffix) throws IOException {
        // given the fixture compressed, as a log archived (zstd by another implementation than
        // the one that reads it)
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out =
                suffix.equals(".gz")
                        ? new GZIPOutputStream(bytes)
                        : new com.github.luben.zstd.ZstdOutputStream(bytes)) {
            Files.copy(fixture, out);
        }
        Path compressed =
                write(
                        suffix.substring(1) + "/" + fixture.getFileName() + suffix,
                        bytes.toByteArray());

        // when
        List<Parsed> records = parse(compressed, options(fixture));

        // then it is recognised and read as the text it holds
        assertThat(parser().mismatch(LineReader.head(compressed))).isEmpty();
        assertThat(rendered(records))
                .containsExactlyElementsOf(rendered(parse(fixture, options(fixture))));
    }

    @TestFactory
    Stream<DynamicTest> everyFixtureIsRecognisedFromItsFirstLines() throws IOException {
        return eachFixture(
                fixture -> assertThat(parser().mismatch(LineReader.head(fixture))).isEmpty());
    }

    @TestFactory
    Stream<DynamicTest> otherFormatsAreRefusedNamingThisOne() throws IOException {
        List<Path> others = new ArrayList<>(files("other/*.{json,log,txt}"));
        others.removeIf(f -> f.getFileName().toString().startsWith(parser().name()));
        for (String glob : refused()) {
            others.addAll(files(glob));
        }
        return others.stream()
                .map(
                        other ->
                                dynamicTest(
                                        FIXTURES.relativize(other).toString(),
                                        () ->
                                                assertThat(
                                                                parser().mismatch(
                                                                                LineReader.head(
                                                                                        other)))
                                                        .get()
                                                        .asString()
                                                        .contains(parser().name())));
    }

    @Test
    void garbageIsRefusedNamingThisFormat() throws IOException {
        // given
        Path garbage = write("garbage.bin", randomBytes(64 * 1024));
        List<List<String>> heads =
                List.of(
                        List.of(),
                        List.of("hello", "", "world 1 2 3"),
                        List.of("\u0000\u0001\ufffd\ufffd", "PK\u0003\u0004"),
                        LineReader.head(garbage));

        // when / then
        for (List<String> head : heads) {
            assertThat(parser().mismatch(head)).get().asString().contains(parser().name());
        }
    }

    @Test
    void theSampleIsAcceptedFromItsFirstTwentyLinesOnly() {
        // given the sample, the sample after 20 lines of something else, and a head that fails past
        // line 20
        List<String> lines = sample("x").lines().toList();
        List<String> late =
                new ArrayList<>(
                        Collections.nCopies(LogParser.SNIFF_LINES, "some other tool's chatter"));
        late.addAll(lines);
        List<String> guarded =
                new AbstractList<>() {
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

        // when / then
        assertThat(parser().mismatch(lines)).isEmpty();
        assertThat(parser().mismatch(late)).isPresent();
        assertThat(parser().mismatch(guarded)).isEmpty();
    }

    @Test
    void anEmptyFileGivesAtMostOneRecordAndItIsMalformed() throws IOException {
        // given
        Path empty = write("empty", new byte[0]);

        // when
        List<Parsed> records = parse(empty, sampleOptions());

        // then
        assertThat(records)
                .hasSizeLessThanOrEqualTo(1)
                .allMatch(r -> r instanceof Parsed.Malformed);
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
    void aFiftyMegabyteLineIsMalformedAndTheOtherLinesReadAsWithoutIt() throws IOException {
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

        // then nothing of the line is kept beyond a quarantine excerpt
        List<Parsed.Malformed> malformed =
                records.stream()
                        .filter(r -> r instanceof Parsed.Malformed)
                        .map(r -> (Parsed.Malformed) r)
                        .toList();
        assertThat(malformed)
                .isNotEmpty()
                .allSatisfy(
                        m -> assertThat(m.reason().length() + m.text().length()).isLessThan(1000));
        if (!readsLines()) {
            assertThat(records).allMatch(r -> r instanceof Parsed.Malformed);
            return;
        }
        assertThat(malformed)
                .singleElement()
                .satisfies(
                        m -> {
                            assertThat(m.line()).isEqualTo(longLine);
                            assertThat(m.reason()).contains(LineReader.TOO_LONG);
                        });
        List<Parsed> others = records.stream().filter(r -> r != malformed.get(0)).toList();
        Path sample = write("short/long", sample("x").getBytes(StandardCharsets.UTF_8));
        assertThat(withoutLines(others))
                .containsExactlyElementsOf(withoutLines(parse(sample, sampleOptions())));
    }

    @Test
    void iso88591BytesAreReplacedNotFatal() throws IOException {
        // given the sample saved as ISO-8859-1 with a name that is not ASCII
        Path file = write("latin1", sample("\u00c6r\u00f8").getBytes(StandardCharsets.ISO_8859_1));

        // when
        List<Parsed> records = parse(file, sampleOptions());

        // then
        assertThat(records).isNotEmpty().noneMatch(r -> r instanceof Parsed.Malformed);
        assertThat(String.join("\n", rendered(records))).contains("\uFFFDr\uFFFD");
    }

    @Test
    void aFileCutInItsLastLineBlamesNoOtherLine() throws IOException {
        // given the sample cut halfway through its last line
        String text = sample("x");
        List<String> lines = text.lines().toList();
        String last = lines.get(lines.size() - 1);
        String cut = text.substring(0, text.lastIndexOf(last) + last.length() / 2);

        // when
        List<Parsed> records =
                parse(write("cut", cut.getBytes(StandardCharsets.UTF_8)), sampleOptions());

        // then
        assertThat(records)
                .filteredOn(r -> r instanceof Parsed.Malformed)
                .allSatisfy(r -> assertThat(r.line()).isEqualTo(lines.size()));
    }

    @Test
    void aLastLineCutMidwayIsQuarantinedAsEndingMidLine() throws IOException {
        if (!readsLines()) {
            return; // a document format: aFileCutInItsLastLineBlamesNoOtherLine covers it
        }
        // given the sample cut halfway through its last line
        String text = sample("x");
        List<String> lines = text.lines().toList();
        String last = lines.get(lines.size() - 1);
        String cut = text.substring(0, text.lastIndexOf(last) + Math.max(1, last.length() / 2));

        // when
        List<Parsed> records =
                parse(write("cut-midway", cut.getBytes(StandardCharsets.UTF_8)), sampleOptions());

        // then
        assertThat(records)
                .filteredOn(r -> r instanceof Parsed.Malformed)
                .singleElement()
                .satisfies(
                        r ->
                                assertThat(((Parsed.Malformed) r).reason())
                                        .startsWith(LineRecords.ENDS_MID_LINE));
    }

    @Test
    void aLastLineWithoutItsLineEndIsReadOnlyInAFixedFieldFormat() throws IOException {
        // given the sample, whole, but for the line end of its last line
        String text = sample("x");
        Path whole = write("whole/sample", text.getBytes(StandardCharsets.UTF_8));
        Path unended =
                write("unended/sample", text.stripTrailing().getBytes(StandardCharsets.UTF_8));

        // when
        List<Parsed> expected = parse(whole, sampleOptions());
        List<Parsed> records = parse(unended, sampleOptions());

        // then
        if (!readsLines() || fixedFieldCount()) {
            assertThat(rendered(records)).isEqualTo(rendered(expected));
        } else {
            long lastLine = text.stripTrailing().lines().count();
            assertThat(records)
                    .filteredOn(r -> r instanceof Parsed.Malformed)
                    .singleElement()
                    .satisfies(
                            r -> {
                                assertThat(r.line()).isEqualTo(lastLine);
                                assertThat(((Parsed.Malformed) r).reason())
                                        .isEqualTo(LineRecords.ENDS_MID_LINE);
                            });
        }
    }

    /** The option's key with a letter near its middle changed; a prefix gets a name after it. */
    private static String mistyped(ParserOption option) {
        char[] key = option.key().toCharArray();
        int i = key.length / 2;
        while (!Character.isLetter(key[i])) {
            i = (i + 1) % key.length;
        }
        key[i] = key[i] == 'x' ? 'q' : 'x';
        return new String(key) + (option.prefixed() ? "name" : "");
    }

    /** Asserts that the key is refused, before the file is read, naming this format, the key and its options. */
    private void assertRefused(String key) throws IOException {
        // given the sample and options that read it, and the key
        Path sample = write("refused/sample", sample("x").getBytes(StandardCharsets.UTF_8));
        Map<String, String> options = new LinkedHashMap<>(sampleOptions());
        options.put(key, "1");
        String message =
                parser().name()
                        + ": unknown option '"
                        + key
                        + "'; options: "
                        + String.join(
                                ", ",
                                parser().options().stream().map(ParserOption::shown).toList());

        // when / then: the way import and the command workload read, and parse itself
        assertThatThrownBy(() -> parser().records(sample, options))
                .isInstanceOf(BadInputException.class)
                .hasMessage(message);
        assertThatThrownBy(() -> parse(dir.resolve("never-read"), options))
                .isInstanceOf(BadInputException.class)
                .hasMessage(message);
    }

    @Test
    void everyDeclaredOptionHasAKeyAndALineOfDoc() {
        // given
        List<ParserOption> options = parser().options();

        // then
        assertThat(options)
                .isNotNull()
                .extracting(ParserOption::key)
                .doesNotHaveDuplicates()
                .allSatisfy(key -> assertThat(key).matches("[a-z][a-z0-9_.-]*"));
        assertThat(options)
                .allSatisfy(
                        option -> {
                            assertThat(option.doc())
                                    .as("doc of %s", option.key())
                                    .isNotBlank()
                                    .doesNotContain("\n");
                            assertThat(option.prefixed())
                                    .as(
                                            "%s ends with a dot if and only if it is a prefix",
                                            option.key())
                                    .isEqualTo(option.key().endsWith("."));
                        });
    }

    @Test
    void anUnknownOptionIsRefusedNamingTheFormatAndTheKey() throws IOException {
        assertRefused("no-such-option");
    }

    @TestFactory
    Stream<DynamicTest> aMistypedOptionIsRefusedNamingTheFormatAndTheKey() {
        return parser().options().stream()
                .map(
                        option ->
                                dynamicTest(
                                        option.key(),
                                        () -> {
                                            // given
                                            String key = mistyped(option);
                                            assertThat(parser().options())
                                                    .as("no option takes %s", key)
                                                    .noneMatch(o -> o.accepts(key));

                                            // when / then
                                            assertRefused(key);
                                        }));
    }

    @Test
    void everyDeclaredOptionIsAcceptedAndReadsTheSample() throws IOException {
        // given
        Path sample = write("accepted/sample", sample("x").getBytes(StandardCharsets.UTF_8));
        List<Map<String, String>> examples = optionExamples();

        // then the examples give every option
        for (ParserOption option : parser().options()) {
            assertThat(examples)
                    .as("optionExamples give %s", option.shown())
                    .anySatisfy(example -> assertThat(example.keySet()).anyMatch(option::accepts));
        }
        for (Map<String, String> example : examples) {
            // when
            List<Parsed> records;
            try (Stream<Parsed> read = parser().records(sample, example)) {
                records = read.toList();
            }

            // then
            assertThat(records)
                    .as("records read with %s", example)
                    .isNotEmpty()
                    .anyMatch(r -> !(r instanceof Parsed.Malformed));
        }
    }
}
