package storagebench.workload.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import storagebench.events.IoSample;
import storagebench.logformat.Parsed;
import storagebench.logformat.filestats.FileStatsParser;
import storagebench.workload.Params;

/**
 * The live sampler and the file-stats importer read the same sys.dm_io_virtual_file_stats snapshots alike.
 * The rows are the importer's hand-written fixtures (src/test/resources/importer/file-stats, README there):
 * rows in the DMV's columns modelled on seed 003, not exported from a server. Each is fed to the
 * importer as the CSV it is and to the sampler as the rows its counters query would have returned.
 */
class SqlServerFileStatsTest {
    private static final Path FIXTURES =
            Path.of(System.getProperty("basedir", "."), "src/test/resources/importer/file-stats");

    /** The fixture's snapshots as the sampler holds them: times, and per time the counters of each file. */
    private record Sampled(List<Instant> times, List<Map<String, IoCounters>> samples) {}

    private static Sampled sampled(String fixture) throws Exception {
        List<String> lines = Files.readAllLines(FIXTURES.resolve(fixture));
        List<String> header = Arrays.asList(lines.get(0).split(","));
        Map<Instant, Map<String, IoCounters>> byTime = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            ToLongFunction<String> n = c -> Long.parseLong(f[header.indexOf(c)]);
            String time = f[header.indexOf("sample_time")].replace(' ', 'T');
            Instant at =
                    time.endsWith("Z")
                            ? Instant.parse(time)
                            : LocalDateTime.parse(time).toInstant(ZoneOffset.UTC);
            String file =
                    f[
                            header.contains("file_name")
                                    ? header.indexOf("file_name")
                                    : header.indexOf("file_id")];
            byTime.computeIfAbsent(at, k -> new LinkedHashMap<>())
                    .put(
                            file,
                            new IoCounters(
                                    n.applyAsLong("num_of_reads"),
                                    n.applyAsLong("num_of_writes"),
                                    n.applyAsLong("num_of_bytes_read"),
                                    n.applyAsLong("num_of_bytes_written"),
                                    n.applyAsLong("io_stall_read_ms"),
                                    n.applyAsLong("io_stall_write_ms"),
                                    n.applyAsLong("size_on_disk_bytes"),
                                    n.applyAsLong("io_stall_queued_read_ms"),
                                    n.applyAsLong("io_stall_queued_write_ms")));
        }
        return new Sampled(new ArrayList<>(byTime.keySet()), new ArrayList<>(byTime.values()));
    }

    private static List<IoSample> imported(String fixture) throws Exception {
        try (Stream<Parsed> records =
                new FileStatsParser().parse(FIXTURES.resolve(fixture), Map.of())) {
            return records.filter(r -> r instanceof Parsed.Sample)
                    .map(
                            r ->
                                    ((Parsed.Sample) r)
                                            .sample()
                                            .setEventId("")
                                            .setRunId("")
                                            .setExperiment("")
                                            .setHost("")
                                            .setTrialId("")
                                            .setTrialIndex(0)
                                            .setVariant("")
                                            .setFactors(Map.of())
                                            .setWarmup(false)
                                            .setStep("")
                                            .build())
                    .toList();
        }
    }

    private static List<IoSample> live(String fixture) throws Exception {
        Sampled s = sampled(fixture);
        return DatabaseIoSampler.intervals(s.times(), s.samples()).stream()
                .flatMap(List::stream)
                .map(
                        b ->
                                b.setEventId("")
                                        .setRunId("")
                                        .setExperiment("")
                                        .setHost("")
                                        .setTrialId("")
                                        .setTrialIndex(0)
                                        .setVariant("")
                                        .setFactors(Map.of())
                                        .setWarmup(false)
                                        .setStep("")
                                        .build())
                .toList();
    }

    private static List<IoSample> byFileThenTime(List<IoSample> samples) {
        return samples.stream()
                .sorted(
                        Comparator.comparing(IoSample::getFile)
                                .thenComparing(IoSample::getIntervalStart))
                .toList();
    }

    @Test
    void theLiveSamplerAndTheImporterAgreeOnEveryInterval() throws Exception {
        for (String fixture : List.of("throttled-100gb.csv", "grown-540gb.csv")) {
            // when
            List<IoSample> live = byFileThenTime(live(fixture));
            List<IoSample> imported = byFileThenTime(imported(fixture));
            // then: the same samples, field by field (IoSample's equals)
            assertThat(live).as(fixture).hasSize(imported.size()).isNotEmpty().isEqualTo(imported);
        }
    }

    @Test
    void aCounterResetGivesNoSampleForThatIntervalLiveAsImported() throws Exception {
        // when
        List<IoSample> live = byFileThenTime(live("counter-reset.csv"));
        // then
        assertThat(live).isEqualTo(byFileThenTime(imported("counter-reset.csv")));
    }

    @Test
    void seed003sSmallFileIsThrottledByItsTierAndByItsLatencyTheGrownOneIsNot() throws Exception {
        // given seed 003's premium-disk tiers, or no cap and the latency rule alone
        IoSampling tiers =
                new IoSampling(Duration.ofSeconds(1), 0, CapTable.parse("premium-disk"), 10);
        IoSampling latencyOnly =
                new IoSampling(Duration.ofSeconds(1), 0, CapTable.parse("none"), 10);
        // when
        Map<String, Double> small = tiers.metrics(live("throttled-100gb.csv"));
        Map<String, Double> grown = tiers.metrics(live("grown-540gb.csv"));
        // then: the 100 GB file at ~497 of its 500 IOPS, ~2 s per IO against ~3.5 ms in the device
        assertThat(small)
                .containsEntry("throttled", 1.0)
                .containsEntry("throttled_files", 1.0)
                .containsEntry("throttled.tpcc1000", 1.0)
                .doesNotContainKey("throttled.tpcc1000_log")
                .containsEntry("io_samples", 8.0);
        assertThat(latencyOnly.metrics(live("throttled-100gb.csv")))
                .containsEntry("throttled", 1.0);
        // the 540 GB file (1 TB tier, 5,000 IOPS) at ~2,800 IOPS, mostly device time: not
        // throttled. (Its 20 GB log
        // at ~870 IOPS is over the 128 GB tier's 500: the fixture models the data file only, so the
        // tiers flag it.)
        assertThat(grown)
                .doesNotContainKey("throttled.tpcc1000")
                .containsEntry("throttled.tpcc1000_log", 1.0);
        assertThat(latencyOnly.metrics(live("grown-540gb.csv")))
                .containsEntry("throttled", 0.0)
                .containsEntry("throttled_files", 0.0);
        assertThat(grown.get("iops_max")).isBetween(2500.0, 3200.0);
    }

    @Test
    void aFixedIopsCapFlagsIntervalsWithinTenPercentOfIt() {
        // given: one file at 450 IOPS (within 10% of 500) and device time only, one at 449
        IoSampling cap = new IoSampling(Duration.ofSeconds(1), 500, CapTable.parse("none"), 10);
        IoSample.Builder base =
                IoSample.newBuilder()
                        .setEventId("")
                        .setRunId("")
                        .setExperiment("")
                        .setHost("")
                        .setTrialId("")
                        .setTrialIndex(0)
                        .setVariant("")
                        .setFactors(Map.of())
                        .setWarmup(false)
                        .setStep("")
                        .setIntervalStart(Instant.EPOCH)
                        .setIntervalMs(1000)
                        .setReads(0)
                        .setWrites(0)
                        .setBytesRead(0)
                        .setBytesWritten(0)
                        .setMbPerS(0)
                        .setDeviceMs(100)
                        .setQueuedMs(0);
        // then
        assertThat(cap.throttled(IoSample.newBuilder(base).setFile("a").setIops(450).build()))
                .isTrue();
        assertThat(cap.throttled(IoSample.newBuilder(base).setFile("b").setIops(449).build()))
                .isFalse();
        // queued 900 + device 100 = 10 × device: throttled by latency; 899: not
        assertThat(
                        cap.throttled(
                                IoSample.newBuilder(base)
                                        .setFile("c")
                                        .setIops(1)
                                        .setQueuedMs(900)
                                        .build()))
                .isTrue();
        assertThat(
                        cap.throttled(
                                IoSample.newBuilder(base)
                                        .setFile("d")
                                        .setIops(1)
                                        .setQueuedMs(899)
                                        .build()))
                .isFalse();
    }

    @Test
    void iopsCapAndCapsTogetherAreRefusedNamingBoth() {
        Params p =
                new Params(
                        Map.of(
                                IoSampling.SAMPLE_INTERVAL,
                                Duration.ofSeconds(1),
                                IoSampling.IOPS_CAP,
                                500,
                                IoSampling.CAPS,
                                "premium-disk",
                                IoSampling.LATENCY_FACTOR,
                                10));
        assertThatThrownBy(() -> IoSampling.of(p))
                .hasMessage("iops-cap and caps both set: give one of them");
        Params bad =
                new Params(
                        Map.of(
                                IoSampling.SAMPLE_INTERVAL,
                                Duration.ofSeconds(1),
                                IoSampling.IOPS_CAP,
                                0,
                                IoSampling.CAPS,
                                "128GB:500",
                                IoSampling.LATENCY_FACTOR,
                                10));
        assertThatThrownBy(() -> IoSampling.of(bad))
                .hasMessageStartingWith("caps: caps entry 1 '128GB:500'");
    }
}
