package storagebench.logformat.csv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import storagebench.BadInputException;
import storagebench.logformat.LogParserContractTest;
import storagebench.logformat.Parsed;

class CsvParserTest extends LogParserContractTest {
    private static final Map<String, String> OPTIONS =
            Map.of(
                    "map.trial",
                    "run",
                    "map.step",
                    "phase",
                    "map.start",
                    "started_at",
                    "map.end",
                    "ended_at",
                    "factor.host",
                    "host",
                    "metric.rows",
                    "rows");

    CsvParserTest() {
        super(new CsvParser(), "csv/*.{csv,tsv}");
    }

    @Override
    protected String sample(String name) {
        return "run,phase,started_at,ended_at,host,rows\n"
                + "1,load,2024-05-14 09:00:00,2024-05-14 09:00:05.250,"
                + name
                + ",100\n"
                + "1,index,2024-05-14 09:00:05.250,2024-05-14 09:00:06,"
                + name
                + ",\n"
                + "2,load,2024-05-14 09:01:00,2024-05-14 09:01:04.750,"
                + name
                + ",100\n";
    }

    @Override
    protected boolean fixedFieldCount() {
        return true; // its header's
    }

    @Override
    protected Map<String, String> sampleOptions() {
        return OPTIONS;
    }

    @Override
    protected List<Map<String, String>> optionExamples() throws IOException {
        Path mapping =
                Files.writeString(
                        dir.resolve("example.yaml"), "map: {step: phase, start: started_at}\n");
        return List.of(
                OPTIONS,
                Map.of(
                        "trial",
                        "t",
                        "step",
                        "s",
                        "map.start",
                        "started_at",
                        "map.end",
                        "ended_at",
                        "delimiter",
                        ",",
                        "header",
                        "true",
                        "encoding",
                        "UTF-8",
                        "timestamp-format",
                        "iso"),
                Map.of("mapping", mapping.toString(), "map.end", "ended_at"));
    }

    private Path file(String text) throws IOException {
        return write("f.csv", text.getBytes(StandardCharsets.UTF_8));
    }

    private static Map<String, String> with(Map<String, String> base, String... keyValues) {
        Map<String, String> options = new HashMap<>(base);
        for (int i = 0; i < keyValues.length; i += 2) {
            options.put(keyValues[i], keyValues[i + 1]);
        }
        return options;
    }

    @Test
    void eachRowIsAStepOfItsTrial() throws IOException {
        // given
        Path file = file(sample("db1"));

        // when
        List<Parsed> records = parse(file, OPTIONS);

        // then
        assertThat(records).hasSize(3).allMatch(r -> r instanceof Parsed.Step);
        Parsed.Step first = (Parsed.Step) records.get(0);
        assertThat(first.trial()).isEqualTo("1");
        assertThat(first.step()).isEqualTo("load");
        assertThat(first.start()).isEqualTo(Instant.parse("2024-05-14T09:00:00Z"));
        assertThat(first.durationNs()).isEqualTo(5_250_000_000L);
        assertThat(first.factors()).containsExactly(Map.entry("host", "db1"));
        assertThat(first.metrics()).containsExactly(Map.entry("rows", 100.0));
        assertThat(first.error()).isNull();
        assertThat(first.line()).isEqualTo(2);
        assertThat(((Parsed.Step) records.get(1)).metrics())
                .as("an empty metric cell is left out")
                .isEmpty();
    }

    @Test
    void quotedFieldsKeepDelimitersQuotesAndLineEndsAndLineNumbersStayRight() throws IOException {
        // given a record over two lines, then a blank line
        Path file =
                file(
                        "phase,secs,note\n"
                                + "a,1,\"x, \"\"y\"\"\"\n"
                                + "b,2,\"first\nsecond\"\n"
                                + "\n"
                                + "c,3,plain\n");

        // when
        List<Parsed> records =
                parse(
                        file,
                        Map.of(
                                "map.step",
                                "phase",
                                "map.duration_s",
                                "secs",
                                "factor.note",
                                "note"));

        // then
        assertThat(records).extracting(Parsed::line).containsExactly(2L, 3L, 6L);
        assertThat(records)
                .extracting(r -> ((Parsed.Step) r).factors().get("note"))
                .containsExactly("x, \"y\"", "first\nsecond", "plain");
        assertThat(((Parsed.Step) records.get(0)).trial()).isEqualTo("row=1");
    }

    @Test
    void missingColumnsAreOneMalformedAtTheHeaderAndNothingElse() throws IOException {
        // given
        Path file = file(sample("db1"));

        // when
        List<Parsed> records =
                parse(file, with(OPTIONS, "map.end", "finished", "metric.tps", "tps"));

        // then
        assertThat(records)
                .singleElement()
                .isInstanceOfSatisfying(
                        Parsed.Malformed.class,
                        m -> {
                            assertThat(m.line()).isEqualTo(1);
                            assertThat(m.reason())
                                    .isEqualTo(
                                            "missing columns 'finished' (map.end), 'tps' (metric.tps);"
                                                    + " the header has: run, phase, started_at, ended_at, host, rows");
                        });
    }

    @Test
    void aBadValueIsMalformedNamingTheColumnAndTheValue() throws IOException {
        // given
        Path file = file("phase,secs,rows\nload,abc,1\nload,2,lots\nload,-1,1\nload,1:30,2\n");

        // when
        List<Parsed> records =
                parse(
                        file,
                        Map.of(
                                "map.step",
                                "phase",
                                "map.duration_s",
                                "secs",
                                "metric.rows",
                                "rows"));

        // then
        assertThat(records)
                .extracting(r -> r instanceof Parsed.Malformed m ? m.reason() : "ok")
                .containsExactly(
                        "column 'secs' (map.duration_s): 'abc' is not a duration (a number >= 0, or [h:]m:s)",
                        "column 'rows' (metric.rows): 'lots' is not a number",
                        "column 'secs' (map.duration_s): '-1' is not a duration (a number >= 0, or [h:]m:s)",
                        "ok");
        assertThat(((Parsed.Step) records.get(3)).durationNs()).isEqualTo(90_000_000_000L);
    }

    @ParameterizedTest
    @CsvSource(
            delimiterString = "|",
            value = {
                "2024-05-14T09:00:00+02:00 | iso                 | 2024-05-14T07:00:00Z",
                "2024-05-14T09:00:00Z      | iso                 | 2024-05-14T09:00:00Z",
                "2024-05-14T09:00:00       | iso                 | 2024-05-14T09:00:00Z",
                "2024-05-14 09:00:00.123   | iso                 | 2024-05-14T09:00:00.123Z",
                "14.05.2024 09:00          | dd.MM.yyyy HH:mm    | 2024-05-14T09:00:00Z",
                "1715677200.5              | epoch-s             | 2024-05-14T09:00:00.500Z"
            })
    void timesAreReadInTheGivenFormatAndUtcWithoutAnOffset(
            String time, String format, String expected) throws IOException {
        // given
        Path file = file("phase,at,ms\nx," + time + ",1\n");

        // when
        List<Parsed> records =
                parse(
                        file,
                        Map.of(
                                "map.step",
                                "phase",
                                "map.start",
                                "at",
                                "map.duration_ms",
                                "ms",
                                "timestamp-format",
                                format));

        // then
        assertThat(((Parsed.Step) records.get(0)).start()).isEqualTo(Instant.parse(expected));
    }

    @Test
    void aYamlMappingFileGivesTheSameKeysAndOptionsWin() throws IOException {
        // given nested and flat keys in a mapping file, and one option overriding it
        Path mapping =
                Files.writeString(
                        dir.resolve("m.yaml"),
                        """
                map:
                  trial: run
                  step: phase
                  start: started_at
                map.end: ended_at
                factor.host: host
                metric:
                  rows: rows
                """);
        Path file = file(sample("db1"));

        // when
        List<Parsed> records =
                parse(file, Map.of("mapping", mapping.toString(), "factor.host", "phase"));

        // then
        assertThat(records).hasSize(3).allMatch(r -> r instanceof Parsed.Step);
        assertThat(((Parsed.Step) records.get(0)).factors()).containsEntry("host", "load");
        assertThat(((Parsed.Step) records.get(0)).metrics()).containsEntry("rows", 100.0);
    }

    @Test
    void optionsThatCannotWorkAreBadInputBeforeAnythingIsRead() {
        // given a file that is never opened
        Path file = dir.resolve("never.csv");

        // when / then
        assertThatThrownBy(() -> parse(file, Map.of("map.step", "phase")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("csv: no duration:")
                .hasMessageEndingWith("e.g. --option map.duration_ms=COLUMN");
        assertThatThrownBy(() -> parse(file, Map.of("map.end", "e")))
                .isInstanceOf(BadInputException.class)
                .hasMessage("csv: map.end needs map.start: the duration is" + " end minus start");
        assertThatThrownBy(
                        () -> parse(file, Map.of("map.duration_s", "s", "map.duration_ms", "ms")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("more than one duration");
        assertThatThrownBy(() -> parse(file, Map.of("map.duration_s", "s", "colour", "blue")))
                .isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("csv: unknown option 'colour';");
        assertThatThrownBy(() -> parse(file, Map.of("map.duration_s", "s", "map.begin", "b")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("unknown field in option map.begin");
        assertThatThrownBy(() -> parse(file, Map.of("map.duration_s", "s", "delimiter", "::")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("option delimiter='::'");
        assertThatThrownBy(
                        () ->
                                parse(
                                        file,
                                        Map.of(
                                                "map.duration_s",
                                                "s",
                                                "timestamp-format",
                                                "yyyy-MM-dd'")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("option timestamp-format=");
        assertThatThrownBy(() -> parse(file, Map.of("map.duration_s", "s", "header", "false")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("a column number from 1 (header=false)");
        assertThatThrownBy(
                        () ->
                                parse(
                                        file,
                                        Map.of(
                                                "map.duration_s",
                                                "s",
                                                "mapping",
                                                dir.resolve("no.yaml").toString())))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("csv: mapping file");
    }

    @Test
    void anUnknownKeyInTheMappingFileNamesTheFile() throws IOException {
        // given
        Path mapping =
                Files.writeString(
                        dir.resolve("m.yaml"), "map:\n  duration_s: secs\ncolour: blue\n");

        // when / then
        assertThatThrownBy(
                        () ->
                                parse(
                                        dir.resolve("never.csv"),
                                        Map.of("mapping", mapping.toString())))
                .isInstanceOf(BadInputException.class)
                .hasMessageStartingWith(
                        "csv: mapping file "
                                + mapping
                                + ": unknown option 'colour'; options: trial,");
    }

    @Test
    void aSemicolonOrTabDelimiterAndTheTrialAndStepConstants() throws IOException {
        // given
        Path semicolons = file("a;secs\n\"x;y\";2,5\n");
        Path tabs = write("t.tsv", "a\tsecs\n\"x\ty\"\t2.5\n".getBytes(StandardCharsets.UTF_8));

        // when
        List<Parsed> fromSemicolons =
                parse(
                        semicolons,
                        Map.of(
                                "delimiter",
                                ";",
                                "map.duration_s",
                                "secs",
                                "factor.a",
                                "a",
                                "trial",
                                "t",
                                "step",
                                "s"));
        List<Parsed> fromTabs =
                parse(tabs, Map.of("delimiter", "tab", "map.duration_s", "secs", "factor.a", "a"));

        // then
        assertThat(fromSemicolons)
                .singleElement()
                .isInstanceOfSatisfying(
                        Parsed.Malformed.class, m -> assertThat(m.reason()).contains("'2,5'"));
        assertThat(fromTabs)
                .singleElement()
                .isInstanceOfSatisfying(
                        Parsed.Step.class,
                        s -> {
                            assertThat(s.factors()).containsEntry("a", "x\ty");
                            assertThat(s.durationNs()).isEqualTo(2_500_000_000L);
                            assertThat(s.step()).isEqualTo("csv");
                        });
    }
}
