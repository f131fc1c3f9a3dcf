package storagebench.workload.fileio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import storagebench.BadInputException;
import storagebench.events.IoSample;
import storagebench.workload.Params;
import storagebench.workload.Phase;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;
import storagebench.workload.WorkloadContractTest;

class LocalFileIoTest extends WorkloadContractTest {
    private final LocalFileIo workload = new LocalFileIo();

    @Override
    protected Workload workload() {
        return workload;
    }

    @Override
    protected Map<String, Object> smallVariant() {
        return variant(Map.of("file-size", 4L << 20, "threads", 2, "duration", "1s"));
    }

    private static Map<String, Object> variant(Map<String, Object> overrides) {
        Map<String, Object> values = CapTableTest.defaults();
        values.putAll(overrides);
        return values;
    }

    /** Runs every step of one trial; returns the measured step's metrics. */
    private Map<String, Double> run(TrialContext trial) throws Exception {
        target().prepare();
        workload.preflight(target(), List.of(trial.params()));
        Map<String, Double> metrics = null;
        for (Step step : workload.steps(trial)) {
            Map<String, Double> m = step.action().run();
            if (step.phase() == Phase.MEASURED) {
                metrics = m;
            }
        }
        return metrics;
    }

    private static List<IoSample> samples(TrialContext trial) {
        return trial.emitted().stream().map(IoSample.class::cast).toList();
    }

    @Test
    void aCappedFileIsHeldAtItsTiersIopsAndItsIosQueueLongerThanTheDeviceTakes() throws Exception {
        // given: a 64 MB file counted as 64 GB, so premium-disk's smallest tier (500 IOPS), and
        // page-cache writes by 4 threads that could go far faster
        TrialContext trial =
                trial(
                        new Params(
                                variant(
                                        Map.of(
                                                "file-size",
                                                64L << 20,
                                                "threads",
                                                4,
                                                "duration",
                                                "1s",
                                                "sync",
                                                "none",
                                                "caps",
                                                "premium-disk",
                                                "size-scale",
                                                1024))));
        // when
        Map<String, Double> metrics = run(trial);
        // then
        List<IoSample> samples = samples(trial);
        assertThat(samples)
                .isNotEmpty()
                .allSatisfy(
                        s -> {
                            assertThat(s.getIops()).isCloseTo(500, within(75.0));
                            assertThat(s.getQueuedMs()).isGreaterThan(s.getDeviceMs());
                            assertThat(s.getModelled()).isTrue();
                            assertThat(s.getCapIops()).isEqualTo(500);
                            assertThat(s.getCapMbPerS()).isEqualTo(100);
                            assertThat(s.getSizeBytes()).isEqualTo(64L << 20);
                        });
        assertThat(metrics)
                .containsEntry("modelled", 1.0)
                .containsEntry("cap_iops", 500.0)
                .containsEntry("modelled_size_bytes", (double) (64L << 30));
        assertThat(metrics.get("iops")).isCloseTo(500, within(75.0));
        assertThat(metrics.get("queued_ms")).isGreaterThan(metrics.get("device_ms"));
        assertThat(metrics.get("latency_p50_us"))
                .isGreaterThan(metrics.get("device_latency_p50_us"));
    }

    @Test
    void aSteadyStateRampsUnmeasuredUntilIopsAreSteadyThenMeasuresForTheDuration()
            throws Exception {
        // given: a file held at its tier's 500 IOPS, so steady as soon as a window is seen
        Map<String, Object> capped = new java.util.HashMap<>();
        capped.putAll(
                Map.of(
                        "file-size", 64L << 20,
                        "threads", 2,
                        "duration", "1s",
                        "interval", "100ms",
                        "sync", "none",
                        "caps", "premium-disk",
                        "size-scale", 1024));
        capped.put("steady-state", "metric=iops;window=500ms;max-slope=20%");
        TrialContext trial = trial(new Params(variant(capped)));
        // when
        long started = System.nanoTime();
        Map<String, Double> metrics = run(trial);
        double took = (System.nanoTime() - started) / 1e9;
        // then: a ramp of a window or a little more, not measured; then the duration measured
        assertThat(metrics).containsEntry("steady", 1.0);
        assertThat(metrics.get("steady_after_s")).isBetween(0.5, 1.5);
        assertThat(metrics.get("ramp_s")).isEqualTo(metrics.get("steady_after_s"), within(0.01));
        assertThat(metrics.get("iops")).isCloseTo(500, within(75.0));
        assertThat(
                        samples(trial).stream().mapToLong(IoSample::getReads).sum()
                                + samples(trial).stream().mapToLong(IoSample::getWrites).sum())
                .isEqualTo(metrics.get("ios").longValue());
        assertThat(took).isGreaterThan(1.5);
    }

    @Test
    void aRampThatNeverSeesAWholeWindowIsMeasuredAnywayAndFlaggedNotSteady() throws Exception {
        // given: a 2 s window, but at most 300 ms of ramp
        Map<String, Object> values = new java.util.HashMap<>();
        values.putAll(
                Map.of(
                        "file-size",
                        4L << 20,
                        "duration",
                        "500ms",
                        "interval",
                        "100ms",
                        "sync",
                        "none"));
        values.put("steady-state", "metric=iops;window=2s;max-slope=2%;max-ramp=300ms");
        TrialContext trial = trial(new Params(variant(values)));
        // when
        Map<String, Double> metrics = run(trial);
        // then
        assertThat(metrics).containsEntry("steady", 0.0).doesNotContainKey("steady_after_s");
        assertThat(metrics.get("ramp_s")).isCloseTo(0.3, within(0.05));
        assertThat(metrics.get("ios")).isPositive();
    }

    @Test
    void anUncappedRunHasASamplePerIntervalAndFileThatAddUpToTheStep() throws Exception {
        // given
        TrialContext trial =
                trial(
                        new Params(
                                variant(
                                        Map.of(
                                                "file-size",
                                                4L << 20,
                                                "files",
                                                3,
                                                "threads",
                                                2,
                                                "duration",
                                                "1s",
                                                "interval",
                                                "250ms",
                                                "sync",
                                                "none"))));
        // when
        Map<String, Double> metrics = run(trial);
        // then
        List<IoSample> samples = samples(trial);
        Map<Integer, List<IoSample>> byInterval =
                samples.stream()
                        .collect(
                                Collectors.groupingBy(
                                        s ->
                                                Integer.parseInt(
                                                        s.getEventId()
                                                                .substring(
                                                                        s.getEventId()
                                                                                        .lastIndexOf(
                                                                                                '/')
                                                                                + 1))));
        assertThat(byInterval.keySet()).containsExactlyInAnyOrder(0, 1, 2, 3);
        byInterval
                .values()
                .forEach(
                        files ->
                                assertThat(files)
                                        .extracting(IoSample::getFile)
                                        .containsExactlyInAnyOrder(
                                                "data001.ndf", "data002.ndf", "data003.ndf"));
        assertThat(samples.stream().mapToLong(s -> s.getReads() + s.getWrites()).sum())
                .isEqualTo(metrics.get("ios").longValue())
                .isPositive();
        assertThat(samples.stream().map(IoSample::getEventId).collect(Collectors.toSet()))
                .hasSize(samples.size());
        assertThat(samples)
                .allSatisfy(
                        s -> {
                            assertThat(s.getEventId()).startsWith("trial-0/io/data00");
                            assertThat(s.getModelled()).isFalse();
                            assertThat(s.getCapIops()).isNull();
                            assertThat(s.getIntervalMs()).isCloseTo(250, within(60.0));
                            assertThat(s.getWrites()).isPositive();
                            assertThat(s.getBytesWritten()).isEqualTo(s.getWrites() * 8192);
                            assertThat(s.getLatencyP50Us()).isPositive();
                            assertThat(s.getLatencyP99Us())
                                    .isGreaterThanOrEqualTo(s.getLatencyP95Us())
                                    .isGreaterThanOrEqualTo(s.getLatencyP50Us());
                            assertThat(s.getLatencyMaxUs())
                                    .isGreaterThanOrEqualTo(s.getLatencyP99Us());
                            assertThat(s.getWriteLatencyAvgUs()).isPositive();
                            assertThat(s.getReadLatencyAvgUs()).isNull();
                            assertThat(s.getQueuedMs()).isZero();
                            assertThat(s.getDeviceMs()).isPositive();
                            assertThat(s.getIops())
                                    .isCloseTo(
                                            s.getWrites() * 1000.0 / s.getIntervalMs(),
                                            within(1e-6));
                        });
        List<Long> starts =
                byInterval.keySet().stream()
                        .sorted()
                        .map(i -> byInterval.get(i).get(0).getIntervalStart().toEpochMilli())
                        .toList();
        assertThat(starts).isSorted();
        assertThat(starts.get(3) - starts.get(0)).isBetween(700L, 800L);
        assertThat(metrics)
                .containsEntry("threads", 2.0)
                .containsEntry("files", 3.0)
                .containsEntry("modelled", 0.0)
                .containsKeys(
                        "iops",
                        "mb_per_s",
                        "latency_p50_us",
                        "latency_p99_us",
                        "queued_ms",
                        "device_ms",
                        "device_latency_p50_us",
                        "device_latency_p99_us");
        assertThat(metrics.get("latency_p50_us")).isEqualTo(metrics.get("device_latency_p50_us"));
    }

    @Test
    void aMixDoesReadsAndWrites() throws Exception {
        // given
        TrialContext trial =
                trial(
                        new Params(
                                variant(
                                        Map.of(
                                                "file-size",
                                                4L << 20,
                                                "threads",
                                                2,
                                                "duration",
                                                "500ms",
                                                "read-percent",
                                                30,
                                                "sync",
                                                "none"))));
        // when
        Map<String, Double> metrics = run(trial);
        // then
        double reads = metrics.get("reads");
        assertThat(reads).isPositive();
        assertThat(metrics.get("writes")).isPositive();
        assertThat(reads / metrics.get("ios")).isCloseTo(0.3, within(0.05));
        assertThat(samples(trial))
                .allSatisfy(
                        s -> {
                            assertThat(s.getBytesRead()).isEqualTo(s.getReads() * 8192);
                            assertThat(s.getReadLatencyAvgUs()).isPositive();
                        });
    }

    @Test
    void onlyReadsWhenReadPercentIs100() throws Exception {
        // given
        TrialContext trial =
                trial(
                        new Params(
                                variant(
                                        Map.of(
                                                "file-size",
                                                4L << 20,
                                                "duration",
                                                "300ms",
                                                "read-percent",
                                                100))));
        // when
        Map<String, Double> metrics = run(trial);
        // then
        assertThat(metrics.get("writes")).isZero();
        assertThat(metrics.get("reads")).isEqualTo(metrics.get("ios")).isPositive();
    }

    @Test
    void directIoWorksOrIsRefusedWithTheReason() throws Exception {
        // given
        TrialContext trial =
                trial(
                        new Params(
                                variant(
                                        Map.of(
                                                "file-size",
                                                4L << 20,
                                                "duration",
                                                "300ms",
                                                "direct",
                                                true))));
        target().prepare();
        boolean supported;
        try {
            DataFiles.probeDirect(target().directory());
            supported = true;
        } catch (IOException e) {
            supported = false;
            assertThatThrownBy(() -> workload.preflight(target(), List.of(trial.params())))
                    .isInstanceOf(BadInputException.class)
                    .hasMessageContaining("refused O_DIRECT");
        }
        Assumptions.assumeTrue(supported, "the file system under the temp dir has no O_DIRECT");
        // when
        Map<String, Double> metrics = run(trial);
        // then
        assertThat(metrics.get("ios")).isPositive();
    }

    @Test
    void setUpCreatesEveryFileAtFullSizeFilledWithZerosAndCleanUpDeletesThem() throws Exception {
        // given: a size that is not a multiple of the direct-IO block, so the tail is written apart
        long size = (1L << 20) + 1000;
        TrialContext trial = trial(new Params(variant(Map.of("file-size", size, "files", 2))));
        target().prepare();
        List<Step> steps = workload.steps(trial);
        // when
        steps.get(0).action().run();
        // then
        Path trialDir = target().directory().resolve("file-io").resolve("trial-0");
        for (String name : List.of("data001.ndf", "data002.ndf")) {
            byte[] bytes = Files.readAllBytes(trialDir.resolve(name));
            assertThat(bytes).hasSize((int) size);
            assertThat(bytes).containsOnly((byte) 0);
        }
        steps.get(2).action().run();
        assertThat(trialDir).doesNotExist();
    }

    @Test
    void preflightRefusesBadParametersWithTheReason() {
        assertThatThrownBy(
                        () ->
                                workload.preflight(
                                        target(),
                                        List.of(
                                                new Params(
                                                        variant(
                                                                Map.of(
                                                                        "file-size",
                                                                        4L << 20,
                                                                        "caps",
                                                                        "128GB:500:100, 512GB:fast:150"))))))
                .isInstanceOf(BadInputException.class)
                .hasMessage(
                        "file-io: caps: caps entry 2 '512GB:fast:150': IOPS 'fast' is not a number above 0");
        assertThatThrownBy(
                        () ->
                                workload.preflight(
                                        target(),
                                        List.of(
                                                new Params(
                                                        variant(
                                                                Map.of(
                                                                        "file-size",
                                                                        4L << 20,
                                                                        "read-percent",
                                                                        101))))))
                .hasMessage("file-io: read-percent must be 0 to 100, got 101");
        assertThatThrownBy(
                        () ->
                                workload.preflight(
                                        target(),
                                        List.of(new Params(variant(Map.of("file-size", 4096L))))))
                .hasMessage("file-io: io-size 8 KiB is larger than file-size 4 KiB");
        Map<String, Object> typo = new java.util.HashMap<>(Map.of("file-size", 4L << 20));
        typo.put("steady-state", "metric=iops;windw=10s");
        assertThatThrownBy(() -> workload.preflight(target(), List.of(new Params(variant(typo)))))
                .hasMessage(
                        "file-io: steady-state: unknown key 'windw'; known: metric, window,"
                                + " max-slope, max-ramp");
        assertThatThrownBy(
                        () ->
                                workload.preflight(
                                        target(),
                                        List.of(
                                                new Params(
                                                        variant(
                                                                Map.of(
                                                                        "file-size",
                                                                        4L << 20,
                                                                        "duration",
                                                                        "0s"))))))
                .hasMessageContaining("file-io: duration must be a duration above 0");
        assertThatThrownBy(
                        () ->
                                workload.preflight(
                                        target(),
                                        List.of(
                                                new Params(
                                                        variant(
                                                                Map.of(
                                                                        "file-size",
                                                                        1L << 50,
                                                                        "files",
                                                                        100))))))
                .hasMessageContaining("is free on that disk");
    }
}
