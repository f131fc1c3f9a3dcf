package storagebench.logformat.benchbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.BadInputException;
import storagebench.logformat.LogParserContractTest;
import storagebench.logformat.Parsed;

class BenchbaseParserTest extends LogParserContractTest {

    BenchbaseParserTest() {
        super(new BenchbaseParser(), "benchbase/*.{json,csv}");
    }

    /** A summary.json as BenchBase writes it, {@code name} its DBMS Version. */
    @Override
    protected String sample(String name) {
        return """
                {
                 "Start timestamp (milliseconds)": 1731548786702,
                 "Current Timestamp (milliseconds)": 1731548847872,
                 "Elapsed Time (nanoseconds)": 60000083167,
                 "DBMS Type": "POSTGRES",
                 "DBMS Version": "%s",
                 "Benchmark Type": "tpcc",
                 "Final State": "DONE",
                 "Measured Requests": 201,
                 "isolation": "TRANSACTION_SERIALIZABLE",
                 "scalefactor": "1",
                 "terminals": "4",
                 "Latency Distribution": {
                  "95th Percentile Latency (microseconds)": 2176054,
                  "Average Latency (microseconds)": 1185045
                 },
                 "Throughput (requests/second)": 3.349995356515603,
                 "Goodput (requests/second)": 3.2999954258213404
                }
                """
                .formatted(name);
    }

    @Override
    protected boolean readsLines() {
        return false;
    }

    @Override
    protected List<String> refused() {
        return List.of("hammerdb/*.log", "pgbench/*.txt", "fio/*.json", "gbak/*.log");
    }

    @Override
    protected List<Map<String, String>> optionExamples() {
        return List.of(
                Map.of(
                        "trial",
                        "t",
                        "transaction",
                        "NewOrder",
                        "window-s",
                        "5",
                        "zone",
                        "Europe/Copenhagen"));
    }

    private Parsed.Step step(String fixture) throws IOException {
        return parse(fixture(fixture)).stream()
                .filter(Parsed.Step.class::isInstance)
                .map(Parsed.Step.class::cast)
                .findFirst()
                .orElseThrow();
    }

    private Path text(String name, String text) throws IOException {
        return write(name, text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aSummaryIsTheRunStepWithThroughputGoodputAndLatenciesInMilliseconds() throws IOException {
        // when
        Parsed.Step run = step("tpcc_2024-11-14_01-46-26.summary.json");

        // then
        assertThat(run.step()).isEqualTo("run");
        assertThat(run.error()).isNull();
        assertThat(run.durationNs()).isEqualTo(60_000_083_167L);
        assertThat(run.start()).isEqualTo(Instant.ofEpochMilli(1731548786702L));
        assertThat(run.factors())
                .isEqualTo(
                        Map.of(
                                "benchmark",
                                "tpcc",
                                "dbms",
                                "AURORADSQL",
                                "scalefactor",
                                "1",
                                "terminals",
                                "4"));
        assertThat(run.metrics())
                .containsEntry("tps", 3.349995356515603)
                .containsEntry("goodput", 3.2999954258213404)
                .containsEntry("measured_requests", 201.0)
                .containsEntry("latency_p95_ms", 2176.054)
                .containsEntry("latency_avg_ms", 1185.045)
                .containsEntry("latency_min_ms", 218.524)
                .containsEntry("latency_max_ms", 8337.726);
    }

    @Test
    void aWindowedCsvStartsWhenItsNameSaysTheRunBeganPlusItsFirstWindow() throws IOException {
        // given BenchBase's name <benchmark>_<local time>; the summary of such a run started then
        // too
        String samples = Files.readString(fixture("temporal_2024-07-28_20-10-41.samples.csv"));
        Path later =
                text(
                        "temporal_2024-07-28_20-10-41.samples.csv",
                        samples.replaceFirst("\n0,", "\n5,"));
        // when
        Parsed.Step named = step("temporal_2024-07-28_20-10-41.samples.csv");
        Parsed.Step copenhagen =
                (Parsed.Step)
                        parse(
                                        fixture("temporal_2024-07-28_20-10-41.samples.csv"),
                                        Map.of("zone", "Europe/Copenhagen"))
                                .get(0);
        Parsed.Step fromFiveSeconds = (Parsed.Step) parse(later).get(0);
        Parsed.Step unnamed = step("bad-rows.results.NewOrder.csv");
        Path underscored =
                text(
                        "my_tpcc_2024-07-28_20-10-41.results.New_Order.csv",
                        Files.readString(
                                fixture(
                                        "temporal_2024-07-28_20-10-41.results.UpdateEmployee.csv")));
        // then
        assertThat(step("tpcc_2024-11-14_01-46-26.summary.json").start())
                .isBetween(
                        Instant.parse("2024-11-14T01:46:26Z"),
                        Instant.parse("2024-11-14T01:46:27Z"));
        assertThat(named.start()).isEqualTo("2024-07-28T20:10:41Z");
        assertThat(copenhagen.start()).isEqualTo("2024-07-28T18:10:41Z");
        assertThat(fromFiveSeconds.start()).isEqualTo("2024-07-28T20:10:46Z");
        assertThat(unnamed.start()).isNull();
        assertThat(((Parsed.Step) parse(underscored).get(0)).start())
                .isEqualTo("2024-07-28T20:10:41Z");
    }

    @Test
    void anOlderSummaryWithoutElapsedTimeHasNoDuration() throws IOException {
        // when
        Parsed.Step run = step("tpcc_2022-03-02_17-16-22.summary.json");

        // then
        assertThat(run.durationNs()).isZero();
        assertThat(run.start()).isNull();
        assertThat(run.factors())
                .containsEntry("isolation", "TRANSACTION_SERIALIZABLE")
                .containsEntry("dbms", "POSTGRES");
        assertThat(run.metrics())
                .containsEntry("tps", 33.4328738168708)
                .containsEntry("tpm", 33.4328738168708 * 60)
                .hasSize(12);
    }

    @Test
    void aFinalStateOtherThanDoneOrExitFailsTheRunAndABadValueIsQuarantined() throws IOException {
        // given
        Path file =
                text(
                        "error.summary.json",
                        sample("16.4")
                                .replace("\"DONE\"", "\"ERROR\"")
                                .replace(
                                        "\"Measured Requests\": 201",
                                        "\"Measured Requests\": \"many\""));

        // when
        List<Parsed> records = parse(file);

        // then
        assertThat(records).hasSize(2);
        assertThat(records.get(0))
                .isEqualTo(
                        new Parsed.Malformed(
                                9, "\"Measured Requests\": expected a number, got many", ""));
        Parsed.Step run = (Parsed.Step) records.get(1);
        assertThat(run.error()).isEqualTo("BenchBase's final state is ERROR, not DONE or EXIT");
        assertThat(run.metrics()).doesNotContainKey("measured_requests");
    }

    @Test
    void aTruncatedSummaryIsOneMalformedRecord() throws IOException {
        assertThat(parse(fixture("truncated.summary.json")))
                .singleElement()
                .isInstanceOfSatisfying(
                        Parsed.Malformed.class,
                        m -> assertThat(m.reason()).startsWith("truncated BenchBase summary"));
    }

    @Test
    void aPerTransactionResultsFileIsTheSubStepOfItsTransaction() throws IOException {
        // when
        Parsed.Step step = step("temporal_2024-07-28_20-10-41.results.UpdateEmployee.csv");

        // then the windows' totals: 5 s windows, requests from throughput x window
        assertThat(step.step()).isEqualTo("run.updateemployee");
        double requests = (509.6 + 540.2 + 533.2 + 539.8 + 739.6) * 5;
        assertThat(step.metrics())
                .containsEntry("requests", (double) Math.round(requests))
                .containsEntry("windows", 5.0)
                .containsEntry("window_s", 5.0)
                .containsEntry("latency_min_ms", 2.659)
                .containsEntry("latency_max_ms", 58.569)
                .containsEntry("worst_window_p95_ms", 7.813)
                .containsEntry("worst_window_p99_ms", 12.855)
                .containsEntry("window_tps_min", 509.6)
                .containsEntry("window_tps_max", 739.6);
        assertThat(step.metrics().get("tps")).isCloseTo(requests / 25, within(1e-9));
        double avg =
                (6.567 * 509.6 + 6.213 * 540.2 + 6.241 * 533.2 + 6.214 * 539.8 + 4.531 * 739.6)
                        / (509.6 + 540.2 + 533.2 + 539.8 + 739.6);
        assertThat(step.metrics().get("latency_avg_ms")).isCloseTo(avg, within(1e-9));
        assertThat(step.durationNs()).isEqualTo(Math.round(avg * 1e6));
    }

    @Test
    void theSamplesFileCountsItsRequestsAndReadsMicroseconds() throws IOException {
        // when
        Parsed.Step step = step("temporal_2024-07-28_20-10-41.samples.csv");

        // then
        assertThat(step.step()).isEqualTo("run.all");
        assertThat(step.metrics())
                .containsEntry("requests", 9073.0)
                .containsEntry("window_s", 1.0)
                .containsEntry("latency_min_ms", 0.095)
                .containsEntry("latency_max_ms", 12.692);
        assertThat(step.metrics().get("tps")).isCloseTo(9073 / 5.0, within(1e-9));
    }

    @Test
    void rowsUnderAHeaderWithoutTheLatenciesAreNotReadAndTheHeaderIsQuarantined()
            throws IOException {
        // given a windowed CSV whose header lacks the latency columns
        Path file =
                text(
                        "short-header.results.csv",
                        "Time (seconds),Throughput (requests/second),Average Latency (millisecond)\n"
                                + "0,3.2,11\n"
                                + "1,3.4,12\n");

        // when
        List<Parsed> records = parse(file);

        // then one record, the header's, and no exception for the rows
        assertThat(records)
                .singleElement()
                .isInstanceOfSatisfying(
                        Parsed.Malformed.class,
                        m ->
                                assertThat(m.reason())
                                        .startsWith("a BenchBase CSV header without the columns"));
    }

    @Test
    void rowsThatDoNotReadAreQuarantinedAndAnEmptyWindowIsPassedOver() throws IOException {
        // when
        List<Parsed> records = parse(fixture("bad-rows.results.NewOrder.csv"));

        // then
        assertThat(records)
                .filteredOn(Parsed.Malformed.class::isInstance)
                .extracting(Parsed::line)
                .containsExactly(4L, 5L);
        Parsed.Step step = (Parsed.Step) records.get(records.size() - 1);
        assertThat(step.step()).isEqualTo("run.neworder");
        assertThat(step.metrics())
                .containsEntry("windows", 4.0)
                .containsEntry("window_tps_min", 0.0);
    }

    @Test
    void aRawPerRequestFileIsRefusedSayingWhatToImportInstead() throws IOException {
        // given
        Path raw =
                text(
                        "x.raw.csv",
                        "Transaction Type Index,Transaction Name,Start Time (microseconds),Latency"
                                + " (microseconds),Worker Id (start number),Phase Id (index in config file)\n"
                                + "4,DeleteEmployee,1722222636.414196,6786,0,1\n");

        // when / then
        assertThat(parser().mismatch(List.of(java.nio.file.Files.readAllLines(raw).get(0))))
                .get()
                .asString()
                .contains("raw.csv")
                .contains("results.<Txn>.csv");
        assertThat(parse(raw)).singleElement().isInstanceOf(Parsed.Malformed.class);
    }

    @Test
    void aWindowThatIsNotAPositiveNumberIsRefused() throws IOException {
        Path csv = fixture("temporal_2024-07-28_20-10-41.samples.csv");
        assertThatThrownBy(() -> parse(csv, Map.of("window-s", "0")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("window-s='0'");
    }
}
