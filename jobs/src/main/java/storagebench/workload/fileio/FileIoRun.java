package storagebench.workload.fileio;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import storagebench.workload.StopSignal;
import storagebench.workload.TrialContext;
import storagebench.workload.sampling.CapTable;

/**
 * The measured step of a file-io trial: opens the files for each worker, runs the workers for the
 * duration while the sampler ends intervals, then emits the IoSamples and returns the step's metrics.
 */
final class FileIoRun {
    private final TrialContext trial;
    private final String step;
    private final FileIoSettings settings;
    private final DataFiles files;
    private final List<SplittableRandom> randoms = new ArrayList<>();
    private final List<ByteBuffer> buffers = new ArrayList<>();

    FileIoRun(TrialContext trial, String step, FileIoSettings settings, DataFiles files) {
        this.trial = trial;
        this.step = step;
        this.settings = settings;
        this.files = files;
    }

    /** Untimed set-up: each worker's random sequence and its IO buffer, so the measured step allocates none. */
    void prepare() throws IOException {
        int alignment = settings.direct() ? DataFiles.directAlignment(files.directory()) : 1;
        SplittableRandom seeds =
                new SplittableRandom(settings.seed() * 0x9E3779B97F4A7C15L + trial.trialIndex());
        randoms.clear();
        buffers.clear();
        for (int w = 0; w < settings.threads(); w++) {
            randoms.add(seeds.split());
            buffers.add(buffer(randoms.get(w), alignment));
        }
    }

    Map<String, Double> run() throws Exception {
        List<FileChannel[]> channels = new ArrayList<>();
        try {
            for (int w = 0; w < settings.threads(); w++) {
                channels.add(files.open(settings.dsync(), settings.direct()));
            }
            return measure(channels);
        } finally {
            for (FileChannel[] worker : channels) {
                DataFiles.close(worker);
            }
        }
    }

    private Map<String, Double> measure(List<FileChannel[]> channels) throws Exception {
        if (buffers.size() != settings.threads()) {
            throw new IllegalStateException("the set-up step did not prepare the workers' buffers");
        }
        StopSignal signal = new StopSignal();
        List<WorkerStats> stats = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        Instant wallStart = Instant.now().truncatedTo(ChronoUnit.MICROS);
        long start = System.nanoTime();
        // the workers run through the ramp too; the sampler stops them once the measured part ends
        long deadline = start + settings.maxRamp().toNanos() + settings.duration().toNanos();
        Throttle[] throttles = throttles(start);
        for (int w = 0; w < settings.threads(); w++) {
            WorkerStats workerStats = new WorkerStats(files.count());
            stats.add(workerStats);
            IoWorker worker =
                    new IoWorker(
                            settings,
                            channels.get(w),
                            throttles,
                            workerStats,
                            randoms.get(w),
                            buffers.get(w),
                            deadline,
                            signal);
            Thread thread = new Thread(worker, "file-io-" + w);
            thread.setDaemon(true);
            threads.add(thread);
        }
        IntervalSampler sampler =
                new IntervalSampler(
                        stats,
                        files.count(),
                        settings.interval().toNanos(),
                        settings.steadyState(),
                        settings.maxRamp().toNanos());
        threads.forEach(Thread::start);
        try {
            sampler.run(start, settings.duration().toNanos(), signal, () -> join(threads));
        } catch (InterruptedException e) {
            signal.stop();
            joinUninterruptibly(threads);
            throw e;
        }
        if (signal.failure() != null) {
            throw signal.failure();
        }
        SampleEvents.of(trial, step, settings, files, sampler.intervals(), wallStart, start)
                .forEach(trial::emit);
        Map<String, Double> metrics =
                metrics(sampler.total(), (sampler.endNanos() - sampler.measureStartNanos()) / 1e6);
        if (settings.steadyState() != null) {
            Long steadyAfter = sampler.steadyAfterNanos();
            metrics.put("steady", steadyAfter == null ? 0.0 : 1.0);
            metrics.put("ramp_s", (sampler.measureStartNanos() - start) / 1e9);
            if (steadyAfter != null) {
                metrics.put("steady_after_s", steadyAfter / 1e9);
            }
        }
        return metrics;
    }

    private Throttle[] throttles(long now) {
        Optional<CapTable.Tier> tier = settings.tier();
        if (tier.isEmpty()) {
            return null;
        }
        Throttle[] throttles = new Throttle[files.count()];
        for (int f = 0; f < throttles.length; f++) {
            throttles[f] = new Throttle(tier.get(), settings.ioSize(), now);
        }
        return throttles;
    }

    /** An io-size buffer of random bytes (so no layer below can compress or skip it), aligned for O_DIRECT. */
    private ByteBuffer buffer(SplittableRandom random, int alignment) {
        ByteBuffer raw = ByteBuffer.allocateDirect(settings.ioSize() + alignment);
        ByteBuffer buffer = raw.alignedSlice(alignment).slice(0, settings.ioSize());
        byte[] bytes = new byte[settings.ioSize()];
        random.split().nextBytes(bytes);
        buffer.put(bytes).clear();
        return buffer;
    }

    private static void join(List<Thread> threads) throws InterruptedException {
        for (Thread thread : threads) {
            thread.join();
        }
    }

    private static void joinUninterruptibly(List<Thread> threads) {
        boolean interrupted = false;
        for (Thread thread : threads) {
            while (thread.isAlive()) {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private Map<String, Double> metrics(IoFigures total, double millis) {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("ios", (double) total.ios());
        m.put("reads", (double) total.reads());
        m.put("writes", (double) total.writes());
        m.put("iops", total.iops(millis));
        m.put("mb_per_s", total.mibPerSecond(millis));
        if (total.ios() > 0) {
            m.put("latency_p50_us", total.p50Us());
            m.put("latency_p99_us", total.p99Us());
            m.put("device_latency_p50_us", total.deviceP50Us());
            m.put("device_latency_p99_us", total.deviceP99Us());
        }
        m.put("queued_ms", total.queuedMs());
        m.put("device_ms", total.deviceMs());
        m.put("threads", (double) settings.threads());
        m.put("files", (double) files.count());
        m.put("file_size_bytes", (double) settings.fileSize());
        m.put("modelled_size_bytes", (double) settings.modelledSize());
        Optional<CapTable.Tier> tier = settings.tier();
        m.put("modelled", tier.isPresent() ? 1.0 : 0.0);
        tier.ifPresent(
                t -> {
                    m.put("cap_iops", t.iops());
                    m.put("cap_mb_per_s", t.mibPerSecond());
                });
        return m;
    }
}
