package storagebench.importer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every {@link LogParser} must do; a parser's test extends it.
 *
 * <p><b>Golden files.</b> Each fixture {@code src/test/resources/importer/<format>/NAME} matching
 * {@link #fixtures()} has {@code NAME.golden}: the parsed records rendered by {@link LogText},
 * one per line. Options for a fixture go in {@code NAME.options} ({@code key=value} lines). After a
 * deliberate change, regenerate them and review the diff:
 *
 * <pre>
 * cd /path/to/repo &amp;&amp; mvn -o -q -B -pl jobs test -Dtest=GbakParserTest -Dgolden.update=true
 * git diff jobs/src/test/resources/importer/
 * </pre>
 */
public abstract class LogParserContract {
    private static final boolean UPDATE = Boolean.getBoolean("golden.update");

    @TempDir
    protected Path tmp;

    protected abstract LogParser parser();

    /** The folder under {@code importer/} with the fixtures. */
    protected abstract String format();

    /** Glob of the fixture file names, e.g. {@code *.log}. */
    protected abstract String fixtures();

    /** A few lines the parser takes for its format. */
    protected abstract List<String> validHead();

    /** Content with characters outside ASCII; the test writes it as ISO-8859-1. */
    protected abstract String latin1Content();

    /** Options the hostile inputs are parsed with. */
    protected Map<String, String> hostileOptions() {
        return Map.of();
    }

    protected List<Parsed> parse(Path file, Map<String, String> options) throws IOException {
        try (Stream<Parsed> records = parser().parse(file, options)) {
            return records.toList();
        }
    }

    protected static List<String> render(List<Parsed> records) {
        return records.stream().map(LogText::render).toList();
    }

    protected Path fixture(String name) {
        try {
            return Path.of(getClass().getResource("/importer/" + format() + "/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    protected Map<String, String> options(Path fixture) throws IOException {
        Path file = fixture.resolveSibling(fixture.getFileName() + ".options");
        Map<String, String> options = new LinkedHashMap<>();
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file)) {
                int eq = line.indexOf('=');
                if (eq > 0 && !line.startsWith("#")) {
                    options.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
                }
            }
        }
        return options;
    }

    private List<Path> fixtureFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        Path dir = fixture("");
        try (DirectoryStream<Path> found = Files.newDirectoryStream(dir, fixtures())) {
            found.forEach(files::add);
        }
        Collections.sort(files);
        return files;
    }

    @Test
    public void everyFixtureParsesToItsGoldenFile() throws IOException {
        // given the fixtures
        List<Path> files = fixtureFiles();
        assertThat(files).isNotEmpty();
        Path source = Path.of(System.getProperty("basedir", "."), "src/test/resources/importer", format());

        for (Path file : files) {
            // when
            List<String> lines = render(parse(file, options(file)));

            // then
            String name = file.getFileName() + ".golden";
            if (UPDATE) {
                Files.write(source.resolve(name), lines);
            } else {
                assertThat(fixture(name)).as("golden file of " + file.getFileName() + " (see class doc to regenerate)")
                        .isNotNull();
                assertThat(lines).as(name).containsExactlyElementsOf(Files.readAllLines(fixture(name)));
            }
        }
    }

    @Test
    public void crlfLineEndsParseLikeLf() throws IOException {
        for (Path file : fixtureFiles()) {
            // given the fixture with CRLF line ends, under the same name
            String text = Files.readString(file, StandardCharsets.ISO_8859_1);
            Path crlf = Files.createDirectories(tmp.resolve("crlf")).resolve(file.getFileName());
            Files.writeString(crlf, text.replace("\r\n", "\n").replace("\n", "\r\n"), StandardCharsets.ISO_8859_1);

            // when
            List<String> lines = render(parse(crlf, options(file)));

            // then
            assertThat(lines).as(file.getFileName().toString()).isEqualTo(render(parse(file, options(file))));
        }
    }

    @Test
    public void acceptsItsOwnFormatAndLooksAtNoMoreThanTheSniffLines() {
        // given its own lines, and the same after SNIFF_LINES lines of something else
        List<String> late = new ArrayList<>(Collections.nCopies(LogParser.SNIFF_LINES, "hello"));
        late.addAll(validHead());

        // then
        assertThat(parser().mismatch(validHead())).isEmpty();
        assertThat(parser().mismatch(late)).isPresent();
    }

    @Test
    public void rejectsFioJsonNamingItsFormat() throws IOException {
        assertMismatch("""
                {
                  "fio version" : "fio-3.33",
                  "timestamp" : 1714644903,
                  "time" : "Thu May  2 10:15:03 2024",
                  "jobs" : [
                    {
                      "jobname" : "randread",
                      "read" : {"io_bytes" : 1073741824, "bw" : 104857, "iops" : 26214.4}
                    }
                  ]
                }
                """);
    }

    @Test
    public void rejectsPgbenchOutputNamingItsFormat() throws IOException {
        assertMismatch("""
                pgbench (16.2)
                starting vacuum...end.
                transaction type: <builtin: TPC-B (sort of)>
                scaling factor: 10
                query mode: simple
                number of clients: 8
                number of threads: 2
                duration: 60 s
                number of transactions actually processed: 81234
                latency average = 5.909 ms
                tps = 1353.862177 (without initial connection time)
                """);
    }

    @Test
    public void rejectsBinaryGarbageNamingItsFormat() throws IOException {
        Path file = garbage(64 * 1024);
        assertThat(parser().mismatch(LineReader.head(file)))
                .hasValueSatisfying(reason -> assertThat(reason).contains(parser().name()));
    }

    private void assertMismatch(String text) throws IOException {
        Path file = tmp.resolve("other.txt");
        Files.writeString(file, text);
        List<String> head = LineReader.head(file);
        assertThat(parser().mismatch(head)).hasValueSatisfying(reason -> assertThat(reason).contains(parser().name()));
    }

    @Test
    public void anEmptyFileHasNoRecords() throws IOException {
        Path file = Files.createFile(tmp.resolve("empty.log"));
        assertThat(parse(file, hostileOptions())).isEmpty();
    }

    @Test
    public void binaryGarbageGivesNoStepsAndDoesNotThrow() throws IOException {
        // given
        Path file = garbage(256 * 1024);

        // when
        List<Parsed> records = parse(file, hostileOptions());

        // then
        assertThat(records).noneMatch(r -> r instanceof Parsed.Step);
    }

    @Test
    public void aFiftyMegabyteLineWithoutLineEndIsOneMalformedRecord() throws IOException {
        // given 50 MB on one line, made here rather than committed
        Path file = tmp.resolve("long.log");
        byte[] block = new byte[1 << 20];
        Arrays.fill(block, (byte) '7');
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write(validHead().get(0).getBytes(StandardCharsets.UTF_8));
            for (int i = 0; i < 50; i++) {
                out.write(block);
            }
        }

        // when
        List<Parsed> records = parse(file, hostileOptions());

        // then
        assertThat(records).singleElement().isInstanceOfSatisfying(Parsed.Malformed.class, m -> {
            assertThat(m.reason()).startsWith("line too long");
            assertThat(m.line()).isEqualTo(1);
            assertThat(m.text()).hasSizeLessThanOrEqualTo(LineReader.KEPT_CHARS);
        });
    }

    @Test
    public void iso88591BytesAreReadWithReplacementCharacters() throws IOException {
        // given
        Path file = tmp.resolve("latin1.log");
        Files.writeString(file, latin1Content(), StandardCharsets.ISO_8859_1);

        // when
        List<String> lines = render(parse(file, hostileOptions()));

        // then
        assertThat(lines).isNotEmpty().anyMatch(line -> line.contains("\uFFFD"));
    }

    private Path garbage(int size) {
        byte[] bytes = new byte[size];
        new Random(42).nextBytes(bytes);
        try {
            return Files.write(tmp.resolve("garbage.bin"), bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
