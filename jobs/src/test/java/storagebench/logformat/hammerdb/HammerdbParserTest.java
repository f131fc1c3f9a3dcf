package storagebench.logformat.hammerdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.logformat.LogParserContractTest;
import storagebench.logformat.Parsed;

class HammerdbParserTest extends LogParserContractTest {

    HammerdbParserTest() {
        super(new HammerdbParser(), "hammerdb/*.log");
    }

    /** A hammerdb.log of one timed test, {@code name} the database on its TEST RESULT line. */
    @Override
    protected String sample(String name) {
        return """
                Hammerdb Log @ Tue Jun 04 10:17:38 CEST 2024
                +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
                Vuser 1:RUNNING
                Vuser 1:Beginning rampup time of 1 minutes
                Vuser 2:RUNNING
                Vuser 2:Processing 10000000 transactions with output suppressed...
                Vuser 3:RUNNING
                Vuser 3:Processing 10000000 transactions with output suppressed...
                Vuser 1:Rampup 1 minutes complete ...
                Vuser 1:Rampup complete, Taking start Transaction Count.
                Vuser 1:Timing test period of 2 in minutes
                Vuser 1:1 ...,
                Vuser 1:2 ...,
                Vuser 1:Test complete, Taking end Transaction Count.
                Vuser 1:2 Active Virtual Users configured
                Vuser 1:TEST RESULT : System achieved 17029 NOPM from 39160 %s TPM
                Vuser 1:FINISHED SUCCESS
                Vuser 3:FINISHED SUCCESS
                Vuser 2:FINISHED SUCCESS
                ALL VIRTUAL USERS COMPLETE
                """
                .formatted(name);
    }

    @Override
    protected List<String> refused() {
        return List.of(
                "fio/*.json", "pgbench/*.txt", "gbak/*.log", "benchbase/*.json", "benchbase/*.csv");
    }

    @Override
    protected List<Map<String, String>> optionExamples() {
        return List.of(Map.of("trial", "seed-004"), Map.of("zone", "Europe/Copenhagen"));
    }

    private List<Parsed> records(String fixture) throws IOException {
        return parse(fixture(fixture));
    }

    private List<Parsed.Step> steps(String fixture) throws IOException {
        return records(fixture).stream()
                .filter(Parsed.Step.class::isInstance)
                .map(Parsed.Step.class::cast)
                .toList();
    }

    private Path text(String name, String... lines) throws IOException {
        return write(name, (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** A one-user test of one minute's ramp-up and two timed minutes under a log header {@code at}. */
    private static String[] testLoggedAt(String at) {
        return new String[] {
            "Hammerdb Log @ " + at,
            "+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+",
            "Vuser 1:RUNNING",
            "Vuser 1:Beginning rampup time of 1 minutes",
            "Vuser 2:RUNNING",
            "Vuser 1:Timing test period of 2 in minutes",
            "Vuser 1:1 Active Virtual Users configured",
            "Vuser 1:TEST RESULT : System achieved 17029 NOPM from 39160 PostgreSQL TPM",
            "Vuser 1:FINISHED SUCCESS",
            "Vuser 2:FINISHED SUCCESS"
        };
    }

    private Instant startOf(String at, Map<String, String> options) throws IOException {
        List<Parsed> records = parse(text("at.log", testLoggedAt(at)), options);
        assertThat(records).singleElement().isInstanceOf(Parsed.Step.class);
        return ((Parsed.Step) records.get(0)).start();
    }

    @Test
    void aTestsTimedPeriodStartsAtItsLogHeaderPlusItsRampUp() throws IOException {
        // given "Hammerdb Log @ Wed Mar 08 14:40:05 CET 2023" and a 2 minute ramp-up
        List<Parsed.Step> steps = steps("hammerdb-log-tpm-first.log");
        // then
        assertThat(steps)
                .extracting(Parsed.Step::start)
                .containsExactly(Instant.parse("2023-03-08T13:42:05Z"));
    }

    @Test
    void theAbbreviationSaysTheOffsetAndTheZoneOptionOverridesIt() throws IOException {
        assertThat(startOf("Tue Jun 04 12:00:01 CEST 2024", Map.of()))
                .isEqualTo("2024-06-04T10:01:01Z");
        // EST in June: a zone without summer time, as the abbreviation says
        assertThat(startOf("Tue Jun 04 12:00:01 EST 2024", Map.of()))
                .isEqualTo("2024-06-04T17:01:01Z");
        assertThat(startOf("Tue Jun 04 12:00:01 BST 2024", Map.of()))
                .isEqualTo("2024-06-04T11:01:01Z");
        assertThat(startOf("Tue Jun 04 12:00:01 UTC 2024", Map.of()))
                .isEqualTo("2024-06-04T12:01:01Z");
        assertThat(startOf("Tue Jun 04 12:00:01 +03 2024", Map.of()))
                .isEqualTo("2024-06-04T09:01:01Z");
        assertThat(startOf("Tue Jun  4 12:00:01 -0330 2024", Map.of()))
                .isEqualTo("2024-06-04T15:31:01Z");
        assertThat(startOf("Tue Jun 04 12:00:01 CEST 2024", Map.of("zone", "UTC")))
                .isEqualTo("2024-06-04T12:01:01Z");
        assertThat(
                        startOf(
                                "Tue Jun 04 12:00:01 W. Europe Daylight Time 2024",
                                Map.of("zone", "Europe/Berlin")))
                .isEqualTo("2024-06-04T10:01:01Z");
    }

    @Test
    void aHeaderWhoseZoneDoesNotReadIsQuarantinedNamingTheZoneOptionAndItsTestHasNoStart()
            throws IOException {
        // when
        List<Parsed> records = parse(text("xyz.log", testLoggedAt("Tue Jun 04 12:00:01 XYZ 2024")));
        List<Parsed> given =
                parse(
                        text("xyz.log", testLoggedAt("Tue Jun 04 12:00:01 XYZ 2024")),
                        Map.of("zone", "Asia/Tokyo"));
        // then
        assertThat(records).hasSize(2);
        assertThat(records.get(0))
                .isInstanceOfSatisfying(
                        Parsed.Malformed.class,
                        m -> {
                            assertThat(m.line()).isEqualTo(1);
                            assertThat(m.reason())
                                    .contains("'XYZ'")
                                    .contains("zone=Europe/Copenhagen");
                        });
        assertThat(((Parsed.Step) records.get(1)).start()).isNull();
        assertThat(
                        parse(
                                        text(
                                                "windows.log",
                                                testLoggedAt(
                                                        "Tue Jun 04 12:00:01 W. Europe Daylight Time 2024")))
                                .get(0))
                .isInstanceOfSatisfying(
                        Parsed.Malformed.class,
                        m ->
                                assertThat(m.reason())
                                        .contains("'W. Europe Daylight Time'")
                                        .contains("--option zone=ID"));
        assertThat(given)
                .singleElement()
                .satisfies(
                        r ->
                                assertThat(((Parsed.Step) r).start())
                                        .isEqualTo("2024-06-04T03:01:01Z"));
    }

    @Test
    void aTestWithoutAHeaderOfItsOwnStartsWhenTheOneBeforeItEnded() throws IOException {
        // given two tests under one header
        List<String> lines =
                new ArrayList<>(List.of(testLoggedAt("Tue Jun 04 12:00:01 CEST 2024")));
        lines.addAll(List.of(testLoggedAt("")).subList(2, 10));
        // when
        List<Parsed> steps = parse(text("two.log", lines.toArray(String[]::new)));
        // then: the second one's ramp-up after the first one's timed period
        assertThat(steps)
                .extracting(r -> ((Parsed.Step) r).start())
                .containsExactly(
                        Instant.parse("2024-06-04T10:01:01Z"),
                        Instant.parse("2024-06-04T10:04:01Z"));
    }

    @Test
    void aTimeProfileOfNoTestStartsWhenItsReportWasWritten() throws IOException {
        // given hdbxtprofile.log alone: "PostgreSQL Hammerdb Time Profile Report @ Tue Jun 04
        // 10:21:40
        // CEST 2024", then a second report at 10:26:02
        List<Parsed.Step> steps = steps("hdbxtprofile.log");
        String header = Files.readAllLines(fixture("hdbxtprofile.log")).get(0);
        List<Parsed> unread = parse(text("cut.log", header.replace("CEST 2024", "CEST")));
        // then
        assertThat(steps)
                .extracting(Parsed.Step::start)
                .containsOnly(
                        Instant.parse("2024-06-04T08:21:40Z"),
                        Instant.parse("2024-06-04T08:26:02Z"));
        assertThat(unread)
                .first()
                .isInstanceOfSatisfying(
                        Parsed.Malformed.class,
                        m -> assertThat(m.reason()).startsWith("a header without a time"));
    }

    @Test
    void aConsoleOutputWithoutTimesGivesStepsWithoutAStart() throws IOException {
        assertThat(steps("cli-vu-sequence-mssql.log"))
                .extracting(Parsed.Step::start)
                .containsOnlyNulls();
    }

    @Test
    void aSequenceOfVirtualUserTestsIsOneRunWithAFactorVirtualUsers() throws IOException {
        // when
        List<Parsed> records = records("cli-vu-sequence-mssql.log");

        // then one run step per test, its trial keyed by position, the monitor not counted
        assertThat(records).allMatch(Parsed.Step.class::isInstance);
        assertThat(steps("cli-vu-sequence-mssql.log"))
                .extracting(
                        Parsed.Step::trial,
                        Parsed.Step::step,
                        s -> s.factors().get("virtual-users"),
                        s -> s.metrics().get("nopm"),
                        s -> s.metrics().get("tpm"),
                        Parsed.Step::durationNs,
                        Parsed.Step::error)
                .containsExactly(
                        tuple(
                                "cli-vu-sequence-mssql.log/1",
                                "run",
                                "1",
                                35576.0,
                                81705.0,
                                60_000_000_000L,
                                null),
                        tuple(
                                "cli-vu-sequence-mssql.log/2",
                                "run",
                                "2",
                                60364.0,
                                138633.0,
                                60_000_000_000L,
                                null),
                        tuple(
                                "cli-vu-sequence-mssql.log/3",
                                "run",
                                "4",
                                103055.0,
                                236412.0,
                                60_000_000_000L,
                                null));
        assertThat(steps("cli-vu-sequence-mssql.log"))
                .allSatisfy(
                        s -> {
                            assertThat(s.factors()).containsEntry("database", "SQL Server");
                            assertThat(s.metrics())
                                    .containsEntry("rampup_min", 0.0)
                                    .containsEntry("duration_min", 1.0)
                                    .containsEntry("failed_vusers", 0.0)
                                    .doesNotContainKey("incomplete");
                        });
    }

    @Test
    void bothWordingsOfTheTestResultGiveNopmAndTpm() throws IOException {
        // given the default wording and HammerDB's first_result=TPM wording
        Path nopmFirst =
                text(
                        "nopm-first.log",
                        "Vuser 1:70 Active Virtual Users configured",
                        "Vuser 1:TEST RESULT : System achieved 17029 NOPM from 39160 PostgreSQL TPM");

        // when
        Parsed.Step a = (Parsed.Step) parse(nopmFirst).get(0);
        Parsed.Step b = steps("hammerdb-log-tpm-first.log").get(0);

        // then
        assertThat(a.metrics()).containsEntry("nopm", 17029.0).containsEntry("tpm", 39160.0);
        assertThat(a.factors())
                .containsEntry("database", "PostgreSQL")
                .containsEntry("virtual-users", "70");
        assertThat(b.metrics())
                .containsEntry("nopm", 21226.0)
                .containsEntry("tpm", 48820.0)
                .containsEntry("rampup_min", 2.0)
                .containsEntry("duration_min", 5.0);
        assertThat(b.factors())
                .containsEntry("database", "SQL Server")
                .containsEntry("virtual-users", "70");
        assertThat(b.durationNs()).isEqualTo(300_000_000_000L);
    }

    @Test
    void aVirtualUserThatFinishedFailedFailsTheTrialWithItsError() throws IOException {
        // when
        List<Parsed.Step> steps = steps("cli-vuser-failed.log");

        // then
        assertThat(steps)
                .singleElement()
                .satisfies(
                        s -> {
                            assertThat(s.error())
                                    .isEqualTo(
                                            "Error in Virtual User 3: can't read \"RAISEERROR\": no such variable");
                            assertThat(s.metrics())
                                    .containsEntry("nopm", 88113.0)
                                    .containsEntry("failed_vusers", 1.0);
                        });
    }

    @Test
    void aLogCutInTheMiddleOfATestRecordsItIncompleteAndKeepsTheOthers() throws IOException {
        // when
        List<Parsed.Step> steps = steps("hammerdb-log-cut.log");

        // then
        assertThat(steps).hasSize(2);
        assertThat(steps.get(0).error()).isNull();
        assertThat(steps.get(0).metrics()).containsEntry("nopm", 35118.0);
        Parsed.Step cut = steps.get(1);
        assertThat(cut.factors())
                .containsEntry("virtual-users", "4")
                .containsEntry("database", "PostgreSQL");
        assertThat(cut.error()).startsWith("log ends before the TEST RESULT");
        assertThat(cut.durationNs()).isZero();
        assertThat(cut.metrics())
                .containsEntry("incomplete", 1.0)
                .doesNotContainKeys("nopm", "tpm");
    }

    @Test
    void theTimeProfileSummaryBecomesSubStepsOfTheTestItBelongsTo() throws IOException {
        // when
        List<Parsed.Step> steps = steps("log-then-profile.log");

        // then the run steps first, then each report's procedures in the trial of its test
        assertThat(steps)
                .extracting(Parsed.Step::trial, Parsed.Step::step)
                .containsExactly(
                        tuple("log-then-profile.log/1", "run"),
                        tuple("log-then-profile.log/2", "run"),
                        tuple("log-then-profile.log/1", "run.neword"),
                        tuple("log-then-profile.log/1", "run.payment"),
                        tuple("log-then-profile.log/1", "run.delivery"),
                        tuple("log-then-profile.log/1", "run.slev"),
                        tuple("log-then-profile.log/1", "run.ostat"),
                        tuple("log-then-profile.log/2", "run.neword"),
                        tuple("log-then-profile.log/2", "run.payment"),
                        tuple("log-then-profile.log/2", "run.delivery"),
                        tuple("log-then-profile.log/2", "run.slev"),
                        tuple("log-then-profile.log/2", "run.ostat"));
        Parsed.Step run2 = steps.get(1);
        Parsed.Step neword2 = steps.get(7);
        assertThat(neword2.factors()).isEqualTo(run2.factors());
        assertThat(neword2.durationNs()).isEqualTo(2_074_000L);
        assertThat(neword2.metrics())
                .containsEntry("calls", 79978.0)
                .containsEntry("avg_ms", 2.074)
                .containsEntry("p99_ms", 5.421)
                .containsEntry("ratio_pct", 23.039)
                .containsEntry("vu_avg_ms_min", 2.051)
                .containsEntry("vu_avg_ms_max", 2.098);
    }

    @Test
    void aTimeProfileAloneIsATrialPerReport() throws IOException {
        // when
        List<Parsed.Step> steps = steps("hdbxtprofile.log");

        // then
        assertThat(steps).hasSize(10);
        assertThat(steps.get(0).trial()).isEqualTo("hdbxtprofile.log/profile-1");
        assertThat(steps.get(0).factors())
                .isEqualTo(Map.of("virtual-users", "1", "database", "PostgreSQL"));
        assertThat(steps.get(9).trial()).isEqualTo("hdbxtprofile.log/profile-2");
        assertThat(steps.get(9).factors()).containsEntry("virtual-users", "2");
    }

    @Test
    void linesThatDoNotReadWhereAResultWasExpectedAreQuarantinedWithTheirLine() throws IOException {
        // when
        List<Parsed> records = records("bad-lines.log");

        // then
        assertThat(records)
                .filteredOn(Parsed.Malformed.class::isInstance)
                .extracting(Parsed::line)
                .containsExactly(32L, 40L, 59L);
        List<Parsed.Step> steps = steps("bad-lines.log");
        assertThat(steps.get(1).error()).contains("without a TEST RESULT");
        assertThat(steps.get(1).metrics()).containsEntry("incomplete", 1.0);
    }

    @Test
    void aFileWithoutAnyTestIsOneMalformedRecord() throws IOException {
        // given
        Path chatter = text("chatter.log", "hammerdb>vustatus", "No Virtual Users found");

        // when / then
        assertThat(parse(chatter)).singleElement().isInstanceOf(Parsed.Malformed.class);
    }
}
