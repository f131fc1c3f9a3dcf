package storagebench.logformat;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.importer.ImportRequest;

/** One rule for every parser: a record whose text holds a control character (but tab) is quarantined. */
class ControlCharactersTest {
    @TempDir Path dir;

    private static List<Parsed> records(String format, Path file) throws Exception {
        try (Stream<Parsed> records =
                LogParsers.find(format).orElseThrow().records(file, Map.of())) {
            return records.toList();
        }
    }

    @Test
    void aNulInALineFormatsFieldQuarantinesTheRecordNamingLineFieldAndPosition() throws Exception {
        // given: a timing log whose second record has a NUL in its test name, the third a tab
        Path log =
                Files.writeString(
                        dir.resolve("timing.csv"),
                        "server,test,start,end\n"
                                + "A,ifi,2026-11-30 10:00:00,2026-11-30 10:00:05\n"
                                + "A,i\u0000fi,2026-11-30 10:01:00,2026-11-30 10:01:05\n"
                                + "A,if\ti,2026-11-30 10:02:00,2026-11-30 10:02:05\n");
        // when
        List<Parsed> records = records("timing-log", log);
        // then
        assertThat(records).hasSize(3);
        assertThat(records.get(0)).isInstanceOf(Parsed.Step.class);
        assertThat(records.get(1))
                .isEqualTo(
                        new Parsed.Malformed(
                                3,
                                "control character U+0000 in trial at " + "character 4",
                                ((Parsed.Malformed) records.get(1)).text()));
        assertThat(((Parsed.Malformed) records.get(1)).text())
                .contains("i\\u0000fi")
                .doesNotContain("\u0000");
        assertThat(records.get(2)).as("a tab is text").isInstanceOf(Parsed.Step.class);
    }

    @Test
    void anEscInADeviceNameQuarantinesItsHostRow() throws Exception {
        // given: sadf -d whose second device line names a device with an ESC in it
        Path log =
                Files.writeString(
                        dir.resolve("sar.txt"),
                        "# hostname;interval;timestamp;DEV;tps;rkB/s;wkB/s;dkB/s;areq-sz;aqu-sz;await;%util\n"
                                + "vm;1;2026-12-05 10:23:14 UTC;vda;10.00;40.00;19.00;0.00;5.81;0.89;0.08;76.80\n"
                                + "vm;1;2026-12-05 10:23:14 UTC;v\u001bdb;10.00;40.00;19.00;0.00;5.81;0.89;0.08;76.80\n");
        // when
        List<Parsed> records = records("sar", log);
        // then
        assertThat(records.get(0)).isInstanceOf(Parsed.HostRow.class);
        assertThat(records.get(1))
                .isInstanceOfSatisfying(
                        Parsed.Malformed.class,
                        m -> {
                            assertThat(m.line()).isEqualTo(3);
                            assertThat(m.reason())
                                    .isEqualTo("control character U+001B in name at character 2");
                        });
    }

    @Test
    void anEscapedControlCharacterInJsonIsCaughtAfterDecoding() throws Exception {
        // given: fio's JSON with a job named "a\u001bb", written as a JSON escape
        Path json =
                Path.of(getClass().getResource("/importer/fio/randwrite-8k-psync.json").toURI());
        String text = Files.readString(json);
        String name = text.substring(text.indexOf("\"jobname\" : \"") + 13).split("\"")[0];
        Path escaped =
                Files.writeString(
                        dir.resolve("fio.json"),
                        text.replace(
                                "\"jobname\" : \"" + name + "\"", "\"jobname\" : \"a\\u001bb\""));
        // when
        List<Parsed> records = records("fio", escaped);
        // then
        assertThat(records)
                .isNotEmpty()
                .allMatch(
                        r ->
                                r instanceof Parsed.Malformed m
                                        && m.reason().startsWith("control character U+001B in "));
    }

    @Test
    void anImportFactorWithAControlCharacterIsRefused() {
        var parser = LogParsers.find("fio").orElseThrow();
        Assertions.assertThatThrownBy(
                        () ->
                                new ImportRequest(
                                        parser,
                                        Map.of(),
                                        Optional.empty(),
                                        Optional.empty(),
                                        Map.of("disk", "nv\u0007me")))
                .isInstanceOf(storagebench.BadInputException.class)
                .hasMessage("--factor disk: holds a control character (disk=nv\\u0007me)");
    }

    @Test
    void outputEscapesEveryControlCharacterButTab() {
        assertThat(ControlCharacters.escape("a\u0000b\nc\td\u007f\u0085"))
                .isEqualTo("a\\u0000b\\u000Ac\td\\u007F\\u0085");
    }
}
