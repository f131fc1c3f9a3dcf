package storagebench.logformat.timing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.logformat.LogParserContractTest;
import storagebench.logformat.Parsed;

/** Golden files: see {@link LogParserContractTest} (regenerate with -Dgolden.update=true). */
class TimingLogParserTest extends LogParserContractTest {

    TimingLogParserTest() {
        super(new TimingLogParser(), "timing/*.{csv,sql}");
    }

    @Override
    protected String sample(String name) {
        return "server,test,start,end\n"
                + "SRV_"
                + name
                + ",IFI_8MB,2013-05-02 10:15:03,2013-05-02 10:17:41\n"
                + "SRV_"
                + name
                + ",IFI_8MB,2013-05-02 10:20:00,2013-05-02 10:22:01.5\n"
                + "SRV_"
                + name
                + ",NO_IFI_8MB,2013-05-02 10:30:00,2013-05-02 10:33:30\n";
    }

    @Override
    protected boolean fixedFieldCount() {
        return true; // its header's
    }

    @Override
    protected Map<String, String> sampleOptions() {
        return Map.of("date", "2013-05-02");
    }

    @Override
    protected List<Map<String, String>> optionExamples() {
        return List.of(
                Map.of(
                        "date",
                        "2013-05-02",
                        "step",
                        "s",
                        "zone",
                        "Europe/Copenhagen",
                        "dialect",
                        "csv"));
    }

    private List<Parsed> text(String text, Map<String, String> options) throws IOException {
        return parse(Files.writeString(dir.resolve("inline.txt"), text), options);
    }

    private static List<Parsed.Step> steps(List<Parsed> records) {
        return records.stream()
                .filter(Parsed.Step.class::isInstance)
                .map(Parsed.Step.class::cast)
                .toList();
    }

    @Test
    void aPastedInsertIsOneStepOfItsServerTestAndRun() throws IOException {
        // given
        String sql =
                "INSERT INTO #x VALUES ('SRV1','IFI_8MB','2013-05-02 10:15:03','2013-05-02 10:17:41')\n"
                        + "INSERT INTO #x VALUES ('SRV1','IFI_8MB','2013-05-02 10:20:00','2013-05-02 10:22:01.5')\n";

        // when
        List<Parsed.Step> steps = steps(text(sql, Map.of()));

        // then
        assertThat(steps)
                .extracting(Parsed.Step::trial)
                .containsExactly("SRV1/IFI_8MB/#1", "SRV1/IFI_8MB/#2");
        Parsed.Step first = steps.get(0);
        assertThat(first.step()).isEqualTo("setup");
        assertThat(first.factors())
                .containsExactly(Map.entry("server", "SRV1"), Map.entry("test", "IFI_8MB"));
        assertThat(first.start()).isEqualTo(Instant.parse("2013-05-02T10:15:03Z"));
        assertThat(first.durationNs()).isEqualTo(158_000_000_000L);
        assertThat(first.metrics()).isEmpty();
        assertThat(steps.get(1).durationNs()).isEqualTo(121_500_000_000L);
    }

    @Test
    void timesWithoutDateRollOverMidnightAndDays() throws IOException {
        // given %time% values: a run across midnight, then a start earlier than the one before
        String csv =
                "server,test,start,end\n"
                        + "A,t,23:59:00,00, 0:01:30,50\n"
                        + "A,t, 0:05:00,00, 0:06:00,00\n"
                        + "A,t,23:00:00,00,23:00:10,00\n"
                        + "A,t,22:00:00,00,22:00:01,00\n";

        // when
        List<Parsed.Step> steps = steps(text(csv, Map.of("date", "2016-03-01", "step", "install")));

        // then
        assertThat(steps)
                .extracting(Parsed.Step::start)
                .containsExactly(
                        Instant.parse("2016-03-01T23:59:00Z"),
                        Instant.parse("2016-03-02T00:05:00Z"),
                        Instant.parse("2016-03-02T23:00:00Z"),
                        Instant.parse("2016-03-03T22:00:00Z"));
        assertThat(steps.get(0).durationNs()).isEqualTo(150_500_000_000L);
        assertThat(steps)
                .allSatisfy(
                        s -> {
                            assertThat(s.step()).isEqualTo("install");
                            assertThat(s.metrics()).containsEntry("date_inferred", 1.0);
                        });
    }

    @Test
    void eachServerKeepsItsOwnDaysWhenLogsArePastedOneAfterAnother() throws IOException {
        // given machine A's evening, then machine B's morning of the same day
        String sql =
                "INSERT #x VALUES('A','t','20:00:00','20:01:00');\n"
                        + "INSERT #x VALUES('B','t','08:00:00','08:01:00');\n";

        // when
        List<Parsed.Step> steps = steps(text(sql, Map.of("date", "2016-03-01")));

        // then
        assertThat(steps)
                .extracting(Parsed.Step::start)
                .containsExactly(
                        Instant.parse("2016-03-01T20:00:00Z"),
                        Instant.parse("2016-03-01T08:00:00Z"));
    }

    @Test
    void withoutDateOptionTheFirstDayIsTheFilesModificationDateInTheZone() throws IOException {
        // given a file last written 2016-02-29 23:30 UTC, i.e. 2016-03-01 in Copenhagen
        Path file =
                Files.writeString(
                        dir.resolve("times.csv"), "server,test,start,end\nA,t,10:00:00,10:01:00\n");
        Files.setLastModifiedTime(file, FileTime.from(Instant.parse("2016-02-29T23:30:00Z")));

        // when
        Parsed.Step step = steps(parse(file, Map.of("zone", "Europe/Copenhagen"))).get(0);

        // then 10:00 in Copenhagen on 2016-03-01
        assertThat(step.start()).isEqualTo(Instant.parse("2016-03-01T09:00:00Z"));
    }

    @Test
    void badRowsAreMalformedWithTheirLineAndReason() throws IOException {
        // given
        String csv =
                "server,test,start,end\n"
                        + "A,t,2013-05-02 10:00:00\n"
                        + "A,t,yesterday,2013-05-02 10:00:00\n"
                        + "A,t,2013-05-02 10:00:00,2013-05-02 09:00:00\n"
                        + ",t,2013-05-02 10:00:00,2013-05-02 10:01:00\n"
                        + "A,t,1700-01-01 00:00:00,2300-01-01 00:00:00\n";

        // when
        List<Parsed> records = text(csv, Map.of());

        // then
        assertThat(records).hasSize(5).allMatch(Parsed.Malformed.class::isInstance);
        assertThat(records).extracting(Parsed::line).containsExactly(2L, 3L, 4L, 5L, 6L);
        assertThat(records)
                .extracting(r -> ((Parsed.Malformed) r).reason())
                .containsExactly(
                        "expected 4 fields (server,test,start,end), found 3",
                        "cannot read start 'yesterday': expected " + TimeValue.FORMS,
                        "end is before start",
                        "server is empty",
                        "end is too far after start");
    }

    @Test
    void aCsvWithoutHeaderSaysWhatItExpects() throws IOException {
        // when
        List<Parsed> records = text("A,t,10:00:00,10:01:00\n", Map.of("date", "2016-03-01"));

        // then
        assertThat(records)
                .singleElement()
                .isInstanceOfSatisfying(
                        Parsed.Malformed.class,
                        m ->
                                assertThat(m.reason())
                                        .startsWith(
                                                "expected the CSV header server,test,start,end"));
    }

    @Test
    void optionsAreChecked() {
        assertThatThrownBy(() -> text("", Map.of("day", "2016-03-01")))
                .hasMessageContaining("unknown option 'day'");
        assertThatThrownBy(() -> text("", Map.of("date", "01.03.2016")))
                .hasMessageContaining("yyyy-MM-dd");
        assertThatThrownBy(() -> text("", Map.of("zone", "Mars/Base")))
                .hasMessageContaining("zone id");
        assertThatThrownBy(() -> text("", Map.of("dialect", "xml")))
                .hasMessageContaining("csv or sql");
    }

    @Test
    void theSeedsScriptIsRecognisedFromItsHead() {
        // given seed 000's CREATE TABLE, then the pasted INSERTs
        List<String> head =
                List.of(
                        "CREATE TABLE #x",
                        "(",
                        "  [server] varchar(32),",
                        "  [test]   varchar(32),",
                        "  [start]  time(2),",
                        "  [end]    time(2)",
                        ");",
                        "",
                        "-- inserts pasted here",
                        "INSERT #x VALUES('A','t','10:00:00','10:01:00');");

        // then
        assertThat(parser().mismatch(head)).isEmpty();
    }

    @Test
    void strayPunctuationEndsTheTokenNotTheParser() {
        // given a closing bracket outside any identifier (it once made the tokenizer spin)
        String sql = "INSERT #x VALUES('A','t','10:00:00','10:01:00') ] ]]\n";

        // when
        List<Parsed> records =
                assertTimeoutPreemptively(
                        Duration.ofSeconds(10), () -> text(sql, Map.of("date", "2016-03-01")));

        // then
        assertThat(steps(records))
                .singleElement()
                .extracting(Parsed.Step::durationNs)
                .isEqualTo(60_000_000_000L);
    }
}
