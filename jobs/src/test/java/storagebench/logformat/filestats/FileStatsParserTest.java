package storagebench.logformat.filestats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.BadInputException;
import storagebench.events.IoSample;
import storagebench.logformat.LogParserContractTest;
import storagebench.logformat.Parsed;

class FileStatsParserTest extends LogParserContractTest {

    FileStatsParserTest() {
        super(new FileStatsParser(), "file-stats/*.csv");
    }

    @Override
    protected List<Map<String, String>> optionExamples() {
        return List.of(Map.of("trial", "t", "encoding", "ISO-8859-1"));
    }

    @Override
    protected boolean fixedFieldCount() {
        return true; // its header's
    }

    @Override
    protected String sample(String name) {
        String header =
                "database,file_id,file_name,sample_time,num_of_reads,num_of_bytes_read,io_stall_read_ms,"
                        + "num_of_writes,num_of_bytes_written,io_stall_write_ms,io_stall_queued_read_ms,"
                        + "io_stall_queued_write_ms,size_on_disk_bytes\n";
        return header
                + row(name, "09:00:00.000", 1)
                + row(name, "09:00:10.000", 2)
                + row(name, "09:00:20.000", 3);
    }

    /** The n-th snapshot of a file doing 100 reads and 50 writes a second, 2 ms each. */
    private static String row(String name, String time, int n) {
        return name
                + ",1,"
                + name
                + "_data,2024-05-14 "
                + time
                + ","
                + 1000 * n
                + ","
                + 8192000 * n
                + ","
                + 2000 * n
                + ","
                + 500 * n
                + ","
                + 4096000 * n
                + ","
                + 1000 * n
                + ",0,0,1073741824\n";
    }

    private List<Parsed> parsed(String fixture) throws IOException {
        return parse(fixture(fixture));
    }

    private static List<IoSample.Builder> samplesOf(List<Parsed> records, String file) {
        return records.stream()
                .filter(r -> r instanceof Parsed.Sample)
                .map(r -> ((Parsed.Sample) r).sample())
                .filter(s -> s.getFile().equals(file))
                .toList();
    }

    private static Parsed.Step stepOf(List<Parsed> records, String fileId) {
        return records.stream()
                .filter(
                        r ->
                                r instanceof Parsed.Step s
                                        && s.factors().get("file_id").equals(fileId))
                .map(r -> (Parsed.Step) r)
                .findFirst()
                .orElseThrow();
    }

    /** Device time per IO in ms: the part of the stall that was not waiting for the governor. */
    private static double deviceMsPerIo(IoSample.Builder s) {
        return s.getDeviceMs() / (s.getReads() + s.getWrites());
    }

    @Test
    void aThrottledFileRunsAtItsTierCapWithSecondsQueuedAndMillisecondsInTheDevice()
            throws IOException {
        // given seed 003's 100 GB data file

        // when
        List<Parsed> records = parsed("throttled-100gb.csv");

        // then every interval is pinned near 500 IOPS; ~2 s total per IO, ~3.5 ms of it in the
        // device
        List<IoSample.Builder> data = samplesOf(records, "tpcc1000");
        assertThat(data)
                .hasSize(4)
                .allSatisfy(
                        s -> {
                            assertThat(s.getIops()).isBetween(490.0, 500.0);
                            assertThat(s.getReadLatencyAvgUs()).isBetween(1_900_000.0, 2_100_000.0);
                            assertThat(s.getWriteLatencyAvgUs())
                                    .isBetween(2_000_000.0, 2_200_000.0);
                            assertThat(deviceMsPerIo(s)).isBetween(3.0, 4.0);
                            assertThat(s.getQueuedMs()).isGreaterThan(100 * s.getDeviceMs());
                            assertThat(s.getSizeBytes()).isEqualTo(100L << 30);
                        });
        Map<String, Double> m = stepOf(records, "1").metrics();
        assertThat(m.get("iops_max")).isLessThanOrEqualTo(500.0);
        assertThat(m.get("read_latency_avg_ms")).isCloseTo(2006, within(5.0));
        assertThat(m.get("read_device_latency_avg_ms")).isCloseTo(3.45, within(0.05));
        assertThat(m.get("queued_fraction")).isGreaterThan(0.99);
        assertThat(samplesOf(records, "tpcc1000_log"))
                .allSatisfy(s -> assertThat(s.getQueuedMs()).isZero());
    }

    @Test
    void theGrownFileGetsAboutSixTimesTheIopsAndTensOfMilliseconds() throws IOException {
        // given the same file after growing it to 540 GB

        // when
        List<Parsed> records = parsed("grown-540gb.csv");

        // then
        assertThat(samplesOf(records, "tpcc1000"))
                .hasSize(4)
                .allSatisfy(
                        s -> {
                            assertThat(s.getIops()).isBetween(2_700.0, 2_900.0);
                            assertThat(s.getWriteLatencyAvgUs()).isBetween(10_000.0, 50_000.0);
                            assertThat(s.getReadLatencyAvgUs()).isBetween(10_000.0, 50_000.0);
                            assertThat(s.getQueuedMs()).isLessThan(s.getDeviceMs());
                        });
        assertThat(stepOf(records, "1").metrics().get("queued_fraction")).isLessThan(0.5);
    }

    @Test
    void aCounterResetGivesNoSampleForItsIntervalAndTheNextStartsFresh() throws IOException {
        // given snapshots around a restart

        // when
        List<Parsed> records = parsed("counter-reset.csv");

        // then
        assertThat(records).hasSize(4);
        assertThat(records.get(0)).isInstanceOf(Parsed.Sample.class);
        Parsed.Malformed reset = (Parsed.Malformed) records.get(1);
        assertThat(reset.line()).isEqualTo(4);
        assertThat(reset.reason())
                .startsWith("counter reset: num_of_reads went down from 48918467 to 1822");
        IoSample.Builder after = ((Parsed.Sample) records.get(2)).sample();
        assertThat(after.getReads()).isEqualTo(19810 - 1822);
        assertThat(after.getIntervalMs()).isEqualTo(60_000.0);
        Parsed.Step step = (Parsed.Step) records.get(3);
        assertThat(step.metrics())
                .containsEntry("intervals", 2.0)
                .containsEntry("counter_resets", 1.0);
        assertThat(step.durationNs()).isEqualTo(390_500_000_000L);
    }

    @Test
    void columnsInAnyOrderCaseAndDelimiterWithTheDatabaseById() throws IOException {
        // given export-variants.csv: ';', upper case, [brackets], database_id, datetimeoffset

        // when
        List<Parsed> records = parsed("export-variants.csv");

        // then
        assertThat(records).noneMatch(r -> r instanceof Parsed.Malformed);
        Parsed.Sample sales = (Parsed.Sample) records.get(0);
        assertThat(sales.trial()).isEqualTo("5");
        assertThat(sales.factors())
                .containsEntry("database", "5")
                .containsEntry("file_id", "1")
                .containsEntry("file", "D:\\SQL;Data\\sales.mdf");
        assertThat(sales.sample().getIntervalStart()).hasToString("2024-05-14T10:00:00.123456Z");
        assertThat(sales.sample().getIops()).isEqualTo(120.0);
        assertThat(sales.sample().getReadLatencyAvgUs()).isEqualTo(3000.0);
        IoSample.Builder idle = ((Parsed.Sample) records.get(1)).sample();
        assertThat(idle.getIops()).isZero();
        assertThat(idle.getReadLatencyAvgUs()).isNull();
        assertThat(idle.getWriteLatencyAvgUs()).isNull();
    }

    @Test
    void theTrialOptionOverridesTheDatabase() throws IOException {
        // given
        Path file = write("s.csv", sample("db").getBytes(StandardCharsets.UTF_8));

        // when
        List<Parsed> records = parse(file, Map.of("trial", "run-7"));

        // then
        assertThat(records).hasSize(3).allSatisfy(r -> assertThat(trialOf(r)).isEqualTo("run-7"));
    }

    private static String trialOf(Parsed r) {
        return r instanceof Parsed.Sample s ? s.trial() : ((Parsed.Step) r).trial();
    }

    @Test
    void badRowsAreMalformedAndNameTheColumnAndValue() throws IOException {
        // given bad-rows.csv

        // when
        List<Parsed> records = parsed("bad-rows.csv");

        // then
        List<String> reasons =
                records.stream()
                        .filter(r -> r instanceof Parsed.Malformed)
                        .map(r -> r.line() + ": " + ((Parsed.Malformed) r).reason())
                        .toList();
        assertThat(reasons).hasSize(6);
        assertThat(reasons.get(0))
                .isEqualTo("3: column num_of_reads: 'n/a' is not a count (a whole number >= 0)");
        assertThat(reasons.get(1)).startsWith("4: column sample_time: 'yesterday' is not a time");
        assertThat(reasons.get(2)).isEqualTo("5: the row has 5 fields, the header 12 (truncated?)");
        assertThat(reasons.get(3)).isEqualTo("6: column database is empty");
        assertThat(reasons.get(4))
                .startsWith("8: out of order: sample_time 2024-05-14T13:00:00Z is not after");
        assertThat(reasons.get(5)).isEqualTo("10: file ends mid-line");
        assertThat(stepOf(records, "2").error())
                .isEqualTo("one snapshot only: no interval to measure");
    }

    @Test
    void aHeaderWithoutTheCountersIsOneMalformedNamingWhatIsMissing() throws IOException {
        // given
        Path file =
                write(
                        "h.csv",
                        "database,file_id,sample_time,num_of_reads\ndb,1,2024-05-14 09:00:00,1\n"
                                .getBytes(StandardCharsets.UTF_8));

        // when
        List<Parsed> records = parse(file, Map.of());

        // then
        assertThat(records)
                .singleElement()
                .isInstanceOfSatisfying(
                        Parsed.Malformed.class,
                        m -> {
                            assertThat(m.line()).isEqualTo(1);
                            assertThat(m.reason())
                                    .startsWith(
                                            "the header lacks num_of_bytes_read, io_stall_read_ms,")
                                    .contains("file-stats");
                        });
    }

    @Test
    void anUnknownOptionIsBadInput() {
        // given
        Path file = dir.resolve("any.csv");

        // when / then
        assertThatThrownBy(() -> parse(file, Map.of("delimiter", ";")))
                .isInstanceOf(BadInputException.class)
                .hasMessage("file-stats: unknown option 'delimiter'; options: trial, encoding");
    }
}
