package storagebench.logformat.gbak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.logformat.LogParserContractTest;
import storagebench.logformat.Parsed;

/** Golden files: see {@link LogParserContractTest} (regenerate with -Dgolden.update=true). */
class GbakParserTest extends LogParserContractTest {

    GbakParserTest() {
        super(new GbakParser(), "gbak/*.log");
    }

    @Override
    protected String sample(String name) {
        return "gbak: time     delta  reads  writes \n"
                + "gbak:    0.000  0.000      0      0 opened file x.fbk\n"
                + "gbak:    0.100  0.100      1      2 restoring data for table KUNDER_"
                + name
                + "\n"
                + "gbak:    0.250  0.150      7      9     500 records restored\n"
                + "gbak:    0.300  0.050      3      4 finishing, closing, and going home\n";
    }

    @Override
    protected List<Map<String, String>> optionExamples() {
        return List.of(Map.of("trial", "t", "start", "2024-05-02T10:15:03Z", "columns", "tdrw"));
    }

    private List<Parsed> parse(String fixture) throws IOException {
        return parse(fixture(fixture), Map.of());
    }

    private List<Parsed> lines(String text, Map<String, String> options) throws IOException {
        Path file = Files.writeString(dir.resolve("inline.log"), text);
        return parse(file, options);
    }

    private static List<Parsed.Step> steps(List<? extends Parsed> records) {
        return records.stream()
                .filter(Parsed.Step.class::isInstance)
                .map(Parsed.Step.class::cast)
                .toList();
    }

    private static Parsed.Step step(List<? extends Parsed> records, String name) {
        return steps(records).stream().filter(s -> s.step().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void seed004IndexSpansAreTheArticlesTotals() throws IOException {
        // given the five index lines of each power plan, as the article prints them

        // when
        Parsed.Step balanced = step(parse("seed004_balanced.log"), "total");
        Parsed.Step high = step(parse("seed004_high_performance.log"), "total");

        // then 13304.334 - 9529.339 and 7894.340 - 5301.785 (the article rounds to 3,775 s and
        // 2,593 s)
        assertThat(balanced.metrics().get("index_span_s")).isCloseTo(3774.995, within(1e-9));
        assertThat(Math.round(balanced.metrics().get("index_span_s"))).isEqualTo(3775);
        assertThat(high.metrics().get("index_span_s")).isCloseTo(2592.555, within(1e-9));
        assertThat(Math.round(high.metrics().get("index_span_s"))).isEqualTo(2593);
        assertThat(balanced.metrics())
                .containsEntry("index_count", 5.0)
                .containsEntry("index_first_s", 9529.339)
                .containsEntry("index_last_s", 13304.334);
    }

    @Test
    void anIndexTakesTheDeltaAndIoPrintedOnTheLineAfterIt() throws IOException {
        // given seed 004, Balanced
        List<Parsed> records = parse("seed004_balanced.log");

        // when
        Parsed.Step first = step(records, "index INDMF_TAG_PLC_DATA_DT_D");
        Parsed.Step last = step(records, "index PKMNF2_DOC_DOWNTIME");

        // then the second line's 1258.270 s (10787.610 - 9529.339 to the ms) and its reads, writes
        assertThat(first.durationNs()).isEqualTo(1_258_271_000_000L);
        assertThat(first.metrics())
                .containsEntry("page_reads", 5028909.0)
                .containsEntry("page_writes", 233365.0)
                .containsEntry("at_s", 9529.339);
        assertThat(first.error()).isNull();
        // the excerpt stops after the last index line: its time is unknown
        assertThat(last.metrics()).containsEntry("incomplete", 1.0);
        assertThat(last.durationNs()).isZero();
        assertThat(last.error()).contains("log ends");
    }

    @Test
    void realRestoreStepsAddUpToTheTotals() throws IOException {
        // given a real restore with -st tdrw
        List<Parsed.Step> steps = steps(parse("restore_st_tdrw.log"));

        // when
        List<Parsed.Step> parts = steps.subList(0, steps.size() - 1);
        Parsed.Step total = steps.get(steps.size() - 1);

        // then
        assertThat(parts)
                .extracting(Parsed.Step::step)
                .containsExactly(
                        "open",
                        "metadata",
                        "table TAG_PLC_DATA",
                        "table ORDERS",
                        "table CUSTOMERS",
                        "metadata after data",
                        "create indexes",
                        "index INDMF_TAG_PLC_DATA_DT_D",
                        "index INDMF_TAG_PLC_DATA_C1",
                        "index RDB$PRIMARY2",
                        "index IDX_ORDERS_AMOUNT",
                        "index RDB$PRIMARY1",
                        "index IDX_CUSTOMERS_CITY",
                        "index RDB$FOREIGN3",
                        "finish");
        assertThat(total.step()).isEqualTo("total");
        assertThat(parts.stream().mapToLong(Parsed.Step::durationNs).sum())
                .isEqualTo(total.durationNs());
        assertThat(parts.stream().mapToDouble(s -> s.metrics().get("page_writes")).sum())
                .isEqualTo(total.metrics().get("page_writes"));
        assertThat(total.durationNs()).isEqualTo(2_161_000_000L);
        assertThat(total.error()).isNull();
        assertThat(total.factors())
                .containsEntry("operation", "restore")
                .containsEntry("page_size", "8192");
        // index k's time is the delta on the line after it: 2.079 - 2.071
        assertThat(step(parts, "index INDMF_TAG_PLC_DATA_DT_D").durationNs()).isEqualTo(8_000_000L);
    }

    @Test
    void countersPrintedUnsignedAreNegativeDeltasAndCancelOut() throws IOException {
        // given a real backup where gbak printed 18446744073709551345 (-271) then 271 reads
        List<Parsed> records = parse("backup_st_tdrw.log");

        // when
        Parsed.Step table = step(records, "table TAG_PLC_DATA");
        Parsed.Step total = step(records, "total");

        // then
        assertThat(table.metrics())
                .containsEntry("counter_wrapped", 1.0)
                .containsEntry("page_reads", 172.0)
                .containsEntry("records", 20000.0);
        assertThat(total.metrics())
                .containsEntry("page_reads", 566.0)
                .containsEntry("page_writes", 1.0);
    }

    @Test
    void aFailedIndexFailsItsStepAndTheRestoreGoesOn() throws IOException {
        // given a real restore where a unique index cannot be activated
        List<Parsed> records = parse("restore_error_index.log");

        // then
        assertThat(step(records, "index UX_SENSORS_SESSION").error())
                .startsWith(
                        "cannot commit index UX_SENSORS_SESSION; attempt to store duplicate value");
        assertThat(step(records, "index UX_SENSORS_SESSION").durationNs()).isEqualTo(8_000_000L);
        assertThat(step(records, "index IDX_SENSORS_LABEL").error()).isNull();
        assertThat(step(records, "total").error()).startsWith("Database is not online");
        assertThat(step(records, "total").metrics()).containsEntry("failed_steps", 1.0);
    }

    @Test
    void aFatalErrorEndsTheStepWithoutADuration() throws IOException {
        // given a real restore onto an existing database
        List<Parsed> records = parse("restore_error_exists.log");

        // then
        Parsed.Step open = step(records, "open");
        assertThat(open.error()).contains("already exists");
        assertThat(open.metrics()).containsEntry("incomplete", 1.0);
        assertThat(step(records, "total").error())
                .startsWith("gbak exited: database")
                .contains("already exists");
    }

    @Test
    void aKilledRunFailsItsLastStepAndTheTotal() throws IOException {
        // given a real restore killed inside a table's data
        List<Parsed> records = parse("restore_killed.log");

        // then
        Parsed.Step table = step(records, "table TAG_PLC_DATA");
        assertThat(table.error()).isEqualTo("log ends before the step finished");
        assertThat(table.metrics())
                .containsEntry("incomplete", 1.0)
                .containsEntry("records", 10000.0);
        Parsed.Step total = step(records, "total");
        assertThat(total.error()).isEqualTo("log ends before gbak finished");
        assertThat(total.metrics())
                .containsEntry("elapsed_s", 0.991)
                .containsEntry("incomplete", 1.0);
    }

    @Test
    void withoutStatisticsTheStepsAreThereButUntimed() throws IOException {
        // given a real restore without -st
        List<Parsed.Step> steps = steps(parse("restore_plain.log"));

        // then
        assertThat(steps)
                .hasSize(16)
                .allSatisfy(
                        s -> {
                            assertThat(s.durationNs()).isZero();
                            assertThat(s.metrics())
                                    .containsEntry("incomplete", 1.0)
                                    .doesNotContainKey("page_reads");
                            assertThat(s.error()).isNull();
                        });
    }

    @Test
    void deltaOnlyLogsKeepTheClockBySummingDeltas() throws IOException {
        // given a real restore with -st wd (gbak prints "delta writes")
        Parsed.Step total = step(parse("restore_st_wd_z.log"), "total");

        // then
        assertThat(total.metrics())
                .containsEntry("elapsed_s", 2.222)
                .containsEntry("page_writes", 1405.0)
                .doesNotContainKey("page_reads");
        assertThat(total.factors()).containsEntry("gbak_version", "LI-V3.0.11.33637");
    }

    @Test
    void tokensNotColumnsTabsTrailingSpacesAndHugeValues() throws IOException {
        // given a header, a tab inside a message, trailing spaces and columns wider than gbak's
        String log =
                "gbak: time     delta  reads  writes \n"
                        + "gbak: 123456.789 123456.789 9000000000 18446744073709551615 \t  restoring data for table T\t1   \n"
                        + "gbak:    123457.000  0.211      5      2 activating and creating deferred index \"PUBLIC\".\"I X\"\n"
                        + "gbak:    123457.500  0.500      0      0 total statistics   \n";

        // when
        List<Parsed> records = lines(log, Map.of());

        // then
        Parsed.Step table = step(records, "table T\t1");
        assertThat(table.durationNs()).isEqualTo(211_000_000L);
        assertThat(table.metrics())
                .containsEntry("page_reads", 5.0)
                .containsEntry("page_writes", 2.0);
        Parsed.Step index = step(records, "index \"PUBLIC\".\"I X\"");
        assertThat(index.durationNs()).isEqualTo(500_000_000L);
        assertThat(step(records, "total").metrics())
                .containsEntry("page_writes", 0.0)
                .containsEntry("page_reads", 0.0);
    }

    @Test
    void aLineWithSomeOfTheColumnsOrAnOverflowingCounterIsMalformed() throws IOException {
        // given
        String log =
                "gbak: time     delta  reads  writes\n"
                        + "gbak:    1.000  0.100     5 opened file x\n"
                        + "gbak:    1.000  0.100     5 99999999999999999999 opened file x\n";

        // when
        List<Parsed> records = lines(log, Map.of());

        // then
        assertThat(records)
                .filteredOn(Parsed.Malformed.class::isInstance)
                .hasSize(2)
                .allSatisfy(
                        r ->
                                assertThat(((Parsed.Malformed) r).reason())
                                        .isEqualTo(
                                                "expected the statistics columns 'time delta reads writes' or none"));
    }

    @Test
    void optionsNameTheTrialTheStartAndTheColumnsOfAnExcerpt() throws IOException {
        // given two lines without the header whose numbers are delta and writes (-st dw)
        String log = "gbak: 0.500 10 opened file x.fbk\ngbak: 1.500 20 started transaction\n";
        Map<String, String> options =
                Map.of("trial", "t1", "start", "2024-05-02T10:15:03", "columns", "wd");

        // when
        Parsed.Step open = step(lines(log, options), "open");

        // then
        assertThat(open.trial()).isEqualTo("t1");
        assertThat(open.start()).isEqualTo(Instant.parse("2024-05-02T10:15:03.500Z"));
        assertThat(open.durationNs()).isEqualTo(1_500_000_000L);
        assertThat(open.metrics())
                .containsEntry("page_writes", 20.0)
                .doesNotContainKey("page_reads");
        assertThatThrownBy(() -> lines(log, Map.of("colums", "t")))
                .hasMessageContaining("unknown option 'colums'");
        assertThatThrownBy(() -> lines(log, Map.of("columns", "tx")))
                .hasMessageContaining("t, d, r, w");
    }

    @Test
    void oddLinesNeitherThrowNorGoBackInTime() throws IOException {
        // given a cut run with a second run appended (its clock restarts), an absurd record count,
        // "total statistics" without numbers and an error before any step
        String log =
                "gbak: ERROR:requires both input and output filenames\n"
                        + "gbak: time     delta  reads  writes\n"
                        + "gbak:    5.000  0.100      0      0 opened file a.fbk\n"
                        + "gbak: time     delta  reads  writes\n"
                        + "gbak:    0.000  0.000      0      0 opened file b.fbk\n"
                        + "gbak:    0.100  0.100      0      0 restoring data for table T\n"
                        + "gbak:    0.200  0.100      0      0 99999999999999999999 records restored\n"
                        + "gbak:total statistics\n";

        // when
        List<Parsed> records = lines(log, Map.of());

        // then
        assertThat(steps(records))
                .extracting(Parsed.Step::step)
                .containsExactly("open", "open", "table T", "total");
        assertThat(steps(records).get(0).metrics()).containsEntry("incomplete", 1.0);
        assertThat(steps(records).get(0).durationNs()).isZero();
        assertThat(steps(records).get(0).error())
                .isEqualTo("the log starts over before the step finished");
        assertThat(steps(records).get(1).durationNs()).isEqualTo(100_000_000L);
        assertThat(steps(records).get(2).metrics())
                .doesNotContainKey("records")
                .containsEntry("incomplete", 1.0);
        assertThat(step(records, "total").error())
                .isEqualTo("requires both input and output filenames");
        // and without a header in between, a clock that goes back leaves the step's time unknown
        List<Parsed> pasted =
                lines(
                        "gbak: 5.000 0.100 0 0 opened file a.fbk\n"
                                + "gbak: 1.000 0.100 0 0 started transaction\n",
                        Map.of());
        assertThat(step(pasted, "open").metrics()).containsEntry("incomplete", 1.0);
        assertThat(step(pasted, "open").durationNs()).isZero();
    }

    @Test
    void aStepKeepsItsFirstTenErrorsAndCountsTheRest() throws IOException {
        // given 25 error lines inside one step
        String log =
                "gbak:opened file a.fbk\n"
                        + "gbak: ERROR:bad\n".repeat(25)
                        + "gbak:finishing, closing, and going home\n";

        // when
        String error = step(lines(log, Map.of()), "open").error();

        // then
        assertThat(error).isEqualTo("bad; ".repeat(10) + "and 15 more");
    }
}
