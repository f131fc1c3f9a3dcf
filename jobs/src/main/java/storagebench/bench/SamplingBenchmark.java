package storagebench.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import storagebench.events.EventCodec;
import storagebench.events.HostSample;
import storagebench.events.TrialRef;
import storagebench.probe.HostSampler;
import storagebench.sink.RecordWriter;

/**
 * {@code bench sampling}: what sampling the host costs. (a) The sampler's own CPU per tick, read from
 * its thread's CPU time while it samples every 10 ms, as a share of one core at 1 s and 100 ms; (b) a
 * calibrated action (a wait of fixed wall-clock length, timed as a measured step is) with the sampler at
 * 100 ms beside it and without, in ABBA pairs; (c) the topic's and the dataset's growth per trial-hour
 * at 1 s, from the samples of (a) written as the sink writes them.
 */
public final class SamplingBenchmark {
    private static final TrialRef TRIAL =
            new TrialRef(
                    "bench-sampling",
                    "bench-sampling",
                    "bench",
                    "bench-sampling-t0000",
                    0,
                    "",
                    Map.of(),
                    false);
    private static final String THREAD = "storagebench-host-sampler";

    private SamplingBenchmark() {}

    /**
     * @param folder whose block device is sampled, as a target's would be
     * @param seconds how long (a) samples
     * @param pairs ABBA pairs of (b)
     * @param actionMillis the calibrated action's length in (b)
     */
    public static SamplingBenchReport run(Path folder, int seconds, int pairs, long actionMillis)
            throws Exception {
        List<HostSample> samples;
        long cpuNanos;
        List<String> devices;
        try (HostSampler sampler = HostSampler.every(Duration.ofMillis(10), List.of(folder))) {
            devices = sampler.devices();
            sampler.begin(TRIAL);
            sampler.step("bench", "measured");
            Thread.sleep(100);
            long before = samplerCpu();
            Thread.sleep(seconds * 1000L);
            cpuNanos = samplerCpu() - before;
            samples = sampler.end();
        }
        long intervals = samples.stream().filter(s -> s.getSource().equals("cpu")).count();
        Abba.Paired<Double> action =
                Abba.run(
                        pairs,
                        true,
                        pair -> HarnessBench.calibratedRatio(actionMillis),
                        pair -> {
                            try (HostSampler sampler =
                                    HostSampler.every(Duration.ofMillis(100), List.of(folder))) {
                                sampler.begin(TRIAL);
                                double ratio = HarnessBench.calibratedRatio(actionMillis);
                                sampler.end();
                                return ratio;
                            }
                        });
        EventCodec codec = new EventCodec();
        long avroBytes = samples.stream().mapToLong(s -> codec.encode(s).length).sum();
        return new SamplingBenchReport(
                devices,
                intervals,
                samples.size(),
                cpuNanos,
                seconds,
                actionMillis,
                action,
                avroBytes,
                parquetBytes(samples));
    }

    /** The CPU time of the sampler's thread so far. */
    private static long samplerCpu() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals(THREAD))
                .mapToLong(t -> threads.getThreadCpuTime(t.getId()))
                .sum();
    }

    /** The samples written as the sink writes them (zstd Parquet), in bytes. */
    private static long parquetBytes(List<HostSample> samples) throws IOException {
        Path root = SinkBenchmark.tempFolder();
        try {
            try (RecordWriter writer = BenchDataset.writer(root, Long.MAX_VALUE)) {
                for (int i = 0; i < samples.size(); i++) {
                    writer.write(samples.get(i), i);
                }
                writer.commit();
            }
            try (Stream<Path> files = Files.walk(root)) {
                return files.filter(f -> f.toString().endsWith(".parquet"))
                        .mapToLong(f -> f.toFile().length())
                        .sum();
            }
        } finally {
            SinkBenchmark.deleteRecursively(root);
        }
    }
}
