package storagebench.logformat.pgbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import storagebench.logformat.LogParserContractTest;
import storagebench.logformat.Parsed;

class PgbenchParserTest extends LogParserContractTest {

    PgbenchParserTest() {
        super(new PgbenchParser(), "pgbench/*.{txt,log}");
    }

    /** A summary after -P progress lines, {@code name} its transaction type. */
    @Override
    protected String sample(String name) {
        return """
                pgbench (15.18 (Debian 15.18-0+deb12u1))
                starting vacuum...end.
                progress: 1.0 s, 835.9 tps, lat 2.328 ms stddev 2.520, 0 failed
                progress: 2.0 s, 912.0 tps, lat 2.190 ms stddev 2.611, 0 failed
                transaction type: %s
                scaling factor: 2
                query mode: simple
                number of clients: 2
                number of threads: 2
                maximum number of tries: 1
                duration: 2 s
                number of transactions actually processed: 1748
                number of failed transactions: 0 (0.000%%)
                latency average = 2.257 ms
                latency stddev = 2.566 ms
                initial connection time = 17.088 ms
                tps = 874.411226 (without initial connection time)
                """
                .formatted(name);
    }

    @Override
    protected List<String> refused() {
        return List.of("fio/*.json");
    }

    @Override
    protected List<Map<String, String>> optionExamples() {
        return List.of(Map.of("trial", "t", "aggregate-interval", "1"));
    }

    private List<Parsed.Step> steps(Path file, Map<String, String> options) throws IOException {
        return parse(file, options).stream().map(Parsed.Step.class::cast).toList();
    }

    private List<Parsed.Step> steps(String fixture) throws IOException {
        return steps(fixture(fixture), Map.of());
    }

    private static Parsed.Step last(List<Parsed.Step> steps) {
        return steps.get(steps.size() - 1);
    }

    private Path text(String name, String... lines) throws IOException {
        return write(name, (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aPostgres15SummaryIsARunStepAfterAProgressStepPerInterval() throws IOException {
        // when
        List<Parsed.Step> steps = steps("summary-pg15-progress-r.txt");
        // then
        assertThat(steps)
                .extracting(Parsed.Step::step)
                .containsExactly("progress", "progress", "progress", "progress", "progress", "run");
        assertThat(steps)
                .allSatisfy(
                        s -> {
                            assertThat(s.trial()).isEqualTo("summary-pg15-progress-r.txt");
                            assertThat(s.factors())
                                    .containsEntry(
                                            "pgbench_version", "15.18 (Debian 15.18-0+deb12u1)")
                                    .containsEntry("transaction_type", "<builtin: TPC-B (sort of)>")
                                    .containsEntry("scaling_factor", "2")
                                    .containsEntry("query_mode", "simple")
                                    .containsEntry("clients", "2")
                                    .containsEntry("threads", "2")
                                    .containsEntry("max_tries", "1")
                                    .containsEntry("duration_s", "5");
                            assertThat(s.error()).isNull();
                        });
        Parsed.Step first = steps.get(0);
        assertThat(first.durationNs()).isEqualTo(1_000_000_000L);
        assertThat(first.start()).isNull();
        assertThat(first.metrics())
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of(
                                "elapsed_s",
                                1.0,
                                "tps",
                                835.9,
                                "lat_ms",
                                2.328,
                                "stddev_ms",
                                2.52,
                                "failed",
                                0.0,
                                "tpm",
                                835.9 * 60));
        Parsed.Step run = last(steps);
        assertThat(run.metrics())
                .containsEntry("tps", 945.411226)
                .containsEntry("tpm", 945.411226 * 60)
                .containsEntry("transactions", 4714.0)
                .containsEntry("failed_transactions", 0.0)
                .containsEntry("latency_avg_ms", 2.113)
                .containsEntry("latency_stddev_ms", 2.713)
                .containsEntry("initial_connection_ms", 17.088)
                .containsEntry("stmt_1_latency_ms", 0.001)
                .containsEntry("stmt_11_latency_ms", 0.704)
                .containsEntry("stmt_11_failures", 0.0)
                .doesNotContainKey("stmt_12_latency_ms");
        assertThat(run.durationNs()).isEqualTo(Math.round(4714 / 945.411226 * 1e9));
        assertThat(run.line()).isEqualTo(8);
    }

    @Test
    void thePostgres13FormGivesTheSameRunWithBothTpsFigures() throws IOException {
        // when
        Parsed.Step old = last(steps("summary-pg13-form.handmade.txt"));
        Parsed.Step current = last(steps("summary-pg15-progress-r.txt"));
        // then
        assertThat(old.metrics())
                .containsEntry("tps", 945.411226)
                .containsEntry("tps_including_connections", 941.873305)
                .containsEntry("stmt_11_latency_ms", 0.704)
                .doesNotContainKey("stmt_11_failures");
        assertThat(old.durationNs()).isEqualTo(current.durationNs());
        assertThat(old.factors())
                .doesNotContainKeys("pgbench_version", "max_tries")
                .containsEntry("clients", "2");
        assertThat(steps("summary-pg13-form.handmade.txt").get(0).metrics())
                .containsEntry("tps", 835.9)
                .doesNotContainKey("failed");
    }

    @Test
    void olderSummaryLinesAreReadToo() throws IOException {
        // given lines of PostgreSQL 9.5 and 9.6
        Path file =
                text(
                        "old.txt",
                        "transaction type: TPC-B (sort of)",
                        "scaling factor: 1",
                        "number of clients: 10",
                        "number of transactions per client: 10",
                        "number of transactions actually processed: 100/100",
                        "number of transactions above the 5.0 ms latency limit: 1 (0.021 %)",
                        "latency average: 15.844 ms",
                        "tps = 618.764555 (including connections establishing)",
                        "tps = 622.977698 (excluding connections establishing)");
        // when
        Parsed.Step run = last(steps(file, Map.of()));
        // then
        assertThat(run.metrics())
                .containsEntry("latency_avg_ms", 15.844)
                .containsEntry("transactions", 100.0)
                .containsEntry("above_latency_limit", 1.0)
                .containsEntry("tps", 622.977698);
        assertThat(run.factors())
                .containsEntry("transactions_per_client", "10")
                .containsEntry("latency_limit_ms", "5.0");
    }

    @Test
    void eachScriptOfSeveralHasItsOwnPrefix() throws IOException {
        // when
        Parsed.Step run = last(steps("summary-pg15-multiple-scripts.txt"));
        // then
        assertThat(run.factors())
                .containsEntry("transaction_type", "multiple scripts")
                .containsEntry("script_1", "<builtin: TPC-B (sort of)>")
                .containsEntry("script_1_weight", "2")
                .containsEntry("script_2", "<builtin: select only>")
                .containsEntry("script_2_weight", "1");
        assertThat(run.metrics())
                .containsEntry("tps", 1293.468568)
                .containsEntry("script_1_transactions", 2614.0)
                .containsEntry("script_2_tps", 421.369822)
                .containsEntry("script_1_latency_avg_ms", 2.170)
                .containsEntry("script_1_stmt_11_latency_ms", 0.837)
                .containsEntry("script_2_stmt_2_latency_ms", 0.230)
                .doesNotContainKey("stmt_1_latency_ms");
    }

    @Test
    void rateAndLatencyLimitAddLagAndSkippedTransactions() throws IOException {
        // when
        List<Parsed.Step> steps = steps("summary-pg15-rate-latency-limit.txt");
        // then
        assertThat(steps.get(0).metrics())
                .containsEntry("lag_ms", 0.295)
                .containsEntry("skipped", 5.0);
        assertThat(last(steps).metrics())
                .containsEntry("skipped_transactions", 12.0)
                .containsEntry("above_latency_limit", 135.0)
                .containsEntry("lag_avg_ms", 0.273)
                .containsEntry("lag_max_ms", 9.275);
        assertThat(last(steps).factors()).containsEntry("latency_limit_ms", "3.0");
    }

    @Test
    void progressTimestampsGiveStartTimes() throws IOException {
        // when
        List<Parsed.Step> steps = steps("summary-pg15-progress-timestamp.txt");
        // then
        assertThat(steps.get(0).start()).isEqualTo(Instant.parse("2026-11-30T05:01:43.822Z"));
        assertThat(steps.get(0).durationNs()).isEqualTo(1_000_000_000L);
        assertThat(steps.get(1).start()).isEqualTo(Instant.ofEpochMilli(1796014904822L));
        assertThat(steps.get(0).metrics()).doesNotContainKey("elapsed_s");
    }

    @Test
    void anAbortedRunFailsWithItsFirstError() throws IOException {
        // when
        Parsed.Step run = last(steps("summary-pg15-aborted.txt"));
        // then
        assertThat(run.error())
                .contains("aborted", "client 0 script 0 aborted in command 1", "division by zero");
        assertThat(run.metrics())
                .containsEntry("transactions", 11.0)
                .containsEntry("stmt_2_latency_ms", 0.355);
        assertThat(run.factors()).containsEntry("transaction_type", "/tmp/fiopg-pg/bad.sql");
    }

    @Test
    void aRunThatNeverStartedIsMalformedWithItsError() throws IOException {
        // when
        List<Parsed> records = parse(fixture("summary-pg15-no-server.txt"));
        // then
        assertThat(records)
                .singleElement()
                .isInstanceOfSatisfying(
                        Parsed.Malformed.class,
                        m ->
                                assertThat(m.reason())
                                        .contains(
                                                "no summary",
                                                "connection to server at \"127.0.0.1\""));
    }

    @Test
    void runsAppendedToOneFileAreTrialsOfTheirOwn() throws IOException {
        // given
        String a = Files.readString(fixture("summary-pg15-transactions-r.txt"));
        String b = Files.readString(fixture("summary-pg15-rate-latency-limit.txt"));
        Path both = write("both.txt", (a + b).getBytes(StandardCharsets.UTF_8));
        // when
        List<Parsed.Step> steps = steps(both, Map.of("trial", "loop"));
        // then
        assertThat(steps)
                .extracting(Parsed.Step::trial)
                .containsExactly("loop/1", "loop/2", "loop/2", "loop/2", "loop/2");
        assertThat(steps.get(0).factors())
                .containsEntry("transactions_per_client", "200")
                .doesNotContainKey("duration_s");
        assertThat(steps.get(1).factors())
                .containsEntry("duration_s", "3")
                .containsEntry("latency_limit_ms", "3.0");
    }

    @Test
    void progressOfARunCutShortCarriesThatAsItsError() throws IOException {
        // given the first 5 lines: version, vacuum, three progress lines
        List<String> lines =
                Files.readAllLines(fixture("summary-pg15-progress-r.txt")).subList(0, 5);
        Path cut = text("cut.txt", lines.toArray(String[]::new));
        // when
        List<Parsed.Step> steps = steps(cut, Map.of());
        // then
        assertThat(steps)
                .hasSize(3)
                .allSatisfy(
                        s -> {
                            assertThat(s.step()).isEqualTo("progress");
                            assertThat(s.error()).contains("did not finish");
                            assertThat(s.factors()).containsOnlyKeys("pgbench_version");
                        });
    }

    @Test
    void anUnreadableProgressLineIsMalformed() throws IOException {
        // given
        Path file =
                text(
                        "bad.txt",
                        "progress: soon, many tps",
                        "progress: 1.0 s, 10.0 tps, lat 1.0 ms stddev 0.1");
        // when
        List<Parsed> records = parse(file);
        // then
        assertThat(records.get(0)).isInstanceOf(Parsed.Malformed.class);
        assertThat(records.get(1)).isInstanceOf(Parsed.Step.class);
    }

    @Test
    void anAggregateLogIsAProgressStepPerInterval() throws IOException {
        // when
        List<Parsed.Step> steps = steps("aggregate-pg15.log");
        // then
        assertThat(steps)
                .hasSize(3)
                .allSatisfy(
                        s -> {
                            assertThat(s.step()).isEqualTo("progress");
                            assertThat(s.durationNs()).isEqualTo(1_000_000_000L);
                            assertThat(s.trial()).isEqualTo("aggregate-pg15.log");
                        });
        Parsed.Step first = steps.get(0);
        assertThat(first.start()).isEqualTo(Instant.ofEpochSecond(1796014739L));
        assertThat(first.metrics())
                .containsEntry("transactions", 493.0)
                .containsEntry("tps", 493.0)
                .containsEntry("lat_min_ms", 0.429)
                .containsEntry("lat_max_ms", 39.69)
                .containsEntry("serialization_failures", 0.0);
        assertThat(first.metrics().get("lat_ms")).isCloseTo(897174.0 / 493 / 1000, within(1e-12));
        assertThat(first.metrics().get("stddev_ms"))
                .isCloseTo(
                        Math.sqrt(5530366522.0 / 493 - Math.pow(897174.0 / 493, 2)) / 1000,
                        within(1e-9));
    }

    @Test
    void theAggregateIntervalOptionSetsTheLengthOfEachLine() throws IOException {
        // when
        List<Parsed.Step> steps =
                steps(fixture("aggregate-pg15.log"), Map.of("aggregate-interval", "2"));
        // then
        assertThat(steps.get(0).durationNs()).isEqualTo(2_000_000_000L);
        assertThat(steps.get(0).metrics()).containsEntry("tps", 246.5);
        assertThatThrownBy(
                        () ->
                                parse(
                                        fixture("aggregate-pg15.log"),
                                        Map.of("aggregate-interval", "-1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("aggregate-interval");
    }

    @Test
    void olderAggregateLogsWithFewerFieldsAreRead() throws IOException {
        // given PostgreSQL ≤ 14: 6 fields, 11 with --rate and --latency-limit; 10 s intervals
        Path file =
                text(
                        "old-aggregate.log",
                        "1345828501 5601 1542744 483552416 61 2573",
                        "1345828511 5562 1538021 479982402 63 2654 1200 300000 2 88 4");
        // when
        List<Parsed.Step> steps = steps(file, Map.of());
        // then
        assertThat(steps)
                .hasSize(2)
                .allSatisfy(s -> assertThat(s.durationNs()).isEqualTo(10_000_000_000L));
        assertThat(steps.get(0).metrics()).containsEntry("tps", 560.1).doesNotContainKey("lag_ms");
        assertThat(steps.get(1).metrics())
                .containsEntry("lag_max_ms", 0.088)
                .containsEntry("skipped", 4.0);
    }

    @Test
    void aTransactionLogIsSummedUpPerSecondOfCompletion() throws IOException {
        // when
        List<Parsed.Step> steps = steps("transactions-pg15.log");
        // then
        assertThat(steps).hasSize(2);
        assertThat(steps)
                .extracting(Parsed.Step::start)
                .containsExactly(
                        Instant.ofEpochSecond(1796014742L), Instant.ofEpochSecond(1796014743L));
        assertThat(steps.stream().mapToDouble(s -> s.metrics().get("transactions")).sum())
                .isEqualTo(300.0);
        assertThat(steps.get(0).metrics())
                .containsEntry("failed", 0.0)
                .containsEntry("skipped", 0.0)
                .doesNotContainKeys("lag_ms", "retries");
        assertThat(steps.get(0).line()).isEqualTo(1);
    }

    @Test
    void eachSecondOfATransactionLogHasThePercentilesOfItsOwnTransactions() throws IOException {
        // given: 100 transactions of 1 to 100 ms in one second, 10 of 5 ms in the next
        List<String> lines = new ArrayList<>();
        for (int i = 1; i <= 100; i++) {
            lines.add("0 " + i + " " + i * 1000 + " 0 1796014742 " + i * 1000);
        }
        for (int i = 1; i <= 10; i++) {
            lines.add("1 " + i + " 5000 0 1796014743 " + i * 1000);
        }
        Path file = text("percentiles.log", lines.toArray(String[]::new));
        // when
        List<Parsed.Step> steps = steps(file, Map.of());
        // then: each second's own, not carried into the next (to HdrHistogram's three digits)
        assertPercentiles(steps.get(0), 50, 95, 99);
        assertPercentiles(steps.get(1), 5, 5, 5);
    }

    private static void assertPercentiles(Parsed.Step step, double p50, double p95, double p99) {
        assertThat(step.metrics().get("latency_p50_ms")).isCloseTo(p50, withinPercentage(0.1));
        assertThat(step.metrics().get("latency_p95_ms")).isCloseTo(p95, withinPercentage(0.1));
        assertThat(step.metrics().get("latency_p99_ms")).isCloseTo(p99, withinPercentage(0.1));
    }

    @Test
    void aTransactionLogCutInItsLastNumberQuarantinesThatLineOnly() throws IOException {
        // given a copy taken while pgbench was writing: a slow last transaction cut in its time_us
        String whole = Files.readString(fixture("transactions-pg15.log"));
        String last = "0 301 90000 0 1796014743 12";
        Path cut = write("cut/transactions.log", (whole + last).getBytes(StandardCharsets.UTF_8));

        // when
        List<Parsed> records = parse(cut);

        // then the 300 whole lines are read as before, the cut one is quarantined
        List<Parsed.Step> steps =
                records.stream()
                        .filter(r -> r instanceof Parsed.Step)
                        .map(r -> (Parsed.Step) r)
                        .toList();
        assertThat(steps.stream().mapToDouble(s -> s.metrics().get("transactions")).sum())
                .isEqualTo(300.0);
        assertThat(steps).allSatisfy(s -> assertThat(s.metrics().get("lat_max_ms")).isLessThan(90));
        assertThat(records)
                .filteredOn(r -> r instanceof Parsed.Malformed)
                .singleElement()
                .isEqualTo(new Parsed.Malformed(301, "file ends mid-line", last));
    }

    @Test
    void theScheduleLagOfARateLimitedRunIsAveraged() throws IOException {
        // when
        List<Parsed.Step> steps = steps("transactions-pg15-rate.log");
        // then
        assertThat(steps)
                .isNotEmpty()
                .allSatisfy(s -> assertThat(s.metrics()).containsKey("lag_ms"));
    }

    @Test
    void skippedFailedAndRetriedTransactionsAreCounted() throws IOException {
        // given the example of PostgreSQL's documentation, with --max-tries: 8 fields
        Path file =
                text(
                        "retries.log",
                        "3 0 47423 0 1499414498 34501 0 3",
                        "0 0 failed 0 1499414498 84905 0 9",
                        "0 83 skipped 0 1499414498 914578 5217 0",
                        "2 0 deadlock 0 1499414499 86248 0 9");
        // when
        List<Parsed.Step> steps = steps(file, Map.of());
        // then
        assertThat(steps.get(0).metrics())
                .containsEntry("transactions", 1.0)
                .containsEntry("failed", 1.0)
                .containsEntry("skipped", 1.0)
                .containsEntry("retries", 12.0)
                .containsEntry("lat_ms", 47.423);
        assertThat(steps.get(1).metrics())
                .containsEntry("transactions", 0.0)
                .containsEntry("failed", 1.0)
                .doesNotContainKey("lat_ms");
    }

    @Test
    void aTransactionOutOfCompletionOrderIsMalformed() throws IOException {
        // given
        Path file =
                text(
                        "order.log",
                        "0 1 3401 0 1796014742 323623",
                        "0 2 1427 0 1796014743 325062",
                        "1 1 2543 0 1796014742 327610");
        // when
        List<Parsed> records = parse(file);
        // then
        assertThat(records).hasSize(3);
        assertThat(records.get(1))
                .isInstanceOfSatisfying(
                        Parsed.Malformed.class,
                        m -> assertThat(m.reason()).contains("not in completion order"));
    }

    @Test
    void aLongTransactionLogStreamsThrough() throws IOException {
        // given 200 seconds of 1,000 transactions each
        Path log = dir.resolve("long.log");
        try (Writer out = Files.newBufferedWriter(log)) {
            for (int i = 0; i < 200_000; i++) {
                out.write(
                        (i % 4)
                                + " "
                                + i
                                + " 2000 0 "
                                + (1700000000 + i / 1000)
                                + " "
                                + (i % 1000) * 1000
                                + "\n");
            }
        }
        // when
        long steps;
        double transactions;
        try (Stream<Parsed> records = parser().parse(log, Map.of())) {
            List<Parsed.Step> all = records.map(Parsed.Step.class::cast).toList();
            steps = all.size();
            transactions = all.stream().mapToDouble(s -> s.metrics().get("tps")).min().orElse(0);
        }
        // then
        assertThat(steps).isEqualTo(200);
        assertThat(transactions).isEqualTo(1000.0);
    }

    @Test
    void theFormIsToldFromTheFirstLines() {
        assertThat(PgbenchForm.detect(List.of("", "0 199 2241 0 1175850568 995598")))
                .contains(PgbenchForm.TRANSACTION_LOG);
        assertThat(PgbenchForm.detect(List.of("1345828501 5601 1542744 483552416 61 2573")))
                .contains(PgbenchForm.AGGREGATE_LOG);
        assertThat(PgbenchForm.detect(List.of("starting vacuum...end.")))
                .contains(PgbenchForm.SUMMARY);
        assertThat(PgbenchForm.detect(List.of("1 2 3 4 5 6", "0 1 2 3 4 5 6 7 8"))).isEmpty();
    }
}
