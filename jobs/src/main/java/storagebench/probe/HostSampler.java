package storagebench.probe;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.events.HostSample;
import storagebench.events.TrialRef;

/**
 * Samples the host during each trial, on a thread of its own: every interval, the figures of the
 * interval just ended ({@link HostCounters#since}) become HostSample events of the trial, flagged with
 * the step and phase under way at the interval's end. It never touches a trial's clock or thread: the
 * trial only says when it begins and ends and which step runs. Whole intervals within a trial only: an
 * interval that began before the trial, or that its end cuts off, is not recorded (a trial shorter
 * than the interval has none).
 */
public final class HostSampler implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(HostSampler.class);

    /** A sampler that samples nothing (the setting {@code host.sample-interval} of 0). */
    public static final HostSampler OFF = new HostSampler(Duration.ZERO, List.of(), Map.of());

    private final Duration interval;
    private final List<String> devices;
    private final Map<String, Long> processes;
    private final ScheduledExecutorService thread;
    private final Set<String> missingSaid = new LinkedHashSet<>();
    private ScheduledFuture<?> ticks;
    private TrialRef trial;
    private long trialStart;
    private volatile String step = "";
    private volatile String phase = "";
    private HostCounters previous;
    private Instant previousAt;
    private int intervals;
    private List<HostSample> samples = new ArrayList<>();

    private HostSampler(Duration interval, List<String> devices, Map<String, Long> processes) {
        this.interval = interval;
        this.devices = List.copyOf(devices);
        this.processes = Map.copyOf(processes);
        this.thread =
                interval.isZero()
                        ? null
                        : Executors.newSingleThreadScheduledExecutor(
                                task -> {
                                    Thread t = new Thread(task, "storagebench-host-sampler");
                                    t.setDaemon(true);
                                    return t;
                                });
    }

    /**
     * A sampler every {@code interval} (zero: {@link #OFF}) of the block devices that hold {@code
     * paths} (those on no block device, such as a tmpfs, are left out).
     */
    public static HostSampler every(Duration interval, List<Path> paths) {
        return every(interval, paths, Map.of());
    }

    /**
     * As {@link #every(Duration, List)}, with the CPU of each of {@code processes} (by name, the
     * root pid of a server's process tree on this host) as a {@code process} row.
     */
    public static HostSampler every(
            Duration interval, List<Path> paths, Map<String, Long> processes) {
        if (interval.isZero()) {
            return OFF;
        }
        Set<String> devices = new LinkedHashSet<>();
        for (Path path : paths) {
            String device = blockDevice(path);
            if (device != null) {
                devices.add(device);
            }
        }
        return new HostSampler(interval, List.copyOf(devices), processes);
    }

    /** The block devices sampled, by their names in /proc/diskstats. */
    public List<String> devices() {
        return devices;
    }

    /**
     * The trial {@code ref} begins (before its set-up): the intervals that start from now on are its.
     * The sampler ticks on one timeline for the whole run (its first tick at the first trial), so a
     * trial's beginning reads nothing.
     */
    public synchronized void begin(TrialRef ref) {
        if (thread == null) {
            return;
        }
        trial = ref;
        trialStart = System.nanoTime();
        step = "";
        phase = "setup";
        samples = new ArrayList<>();
        intervals = 0;
        if (ticks == null) {
            ticks =
                    thread.scheduleAtFixedRate(
                            this::tick, 0, interval.toNanos(), TimeUnit.NANOSECONDS);
        }
    }

    /** The step under way from now on, and its phase ({@code setup}, {@code measured}). */
    public void step(String name, String phaseName) {
        step = name;
        phase = phaseName;
    }

    /** The trial ends (after its measured phase): its samples, every whole interval's. */
    public synchronized List<HostSample> end() {
        if (trial == null) {
            return List.of();
        }
        trial = null;
        List<HostSample> out = List.copyOf(samples);
        samples = new ArrayList<>();
        return out;
    }

    private synchronized void tick() {
        HostCounters now = HostCounters.read(devices, processes);
        Instant at = Instant.now();
        if (previous == null) {
            sayMissing(now);
        } else if (trial != null && previous.nanos() >= trialStart) {
            record(now.since(previous), previousAt, (now.nanos() - previous.nanos()) / 1e6);
        }
        previous = now;
        previousAt = at;
    }

    private void record(Map<String, Map<String, Double>> figures, Instant start, double ms) {
        int number = intervals++;
        figures.forEach(
                (key, metrics) -> {
                    int slash = key.indexOf('/');
                    String source = key.substring(0, slash);
                    String name = key.substring(slash + 1);
                    samples.add(
                            trial.stamp(HostSample.newBuilder(), step)
                                    .setEventId(
                                            trial.trialId()
                                                    + "/host/"
                                                    + number
                                                    + "/"
                                                    + source
                                                    + "/"
                                                    + name)
                                    .setPhase(phase)
                                    .setIntervalStart(start)
                                    .setIntervalMs(ms)
                                    .setSource(source)
                                    .setName(name)
                                    .setMetrics(new HashMap<>(metrics))
                                    .build());
                });
    }

    /** Says once per process which figures this host does not give (one line each). */
    private void sayMissing(HostCounters now) {
        if (now.cpu().isEmpty()) {
            missing("CPU times (/proc/stat)");
        }
        if (now.freqMhz().isEmpty()) {
            missing("CPU frequencies (cpufreq, /proc/cpuinfo)");
        }
        if (now.memory().isEmpty()) {
            missing("memory (/proc/meminfo)");
        }
        if (now.pressure().isEmpty()) {
            missing("pressure stall information (/proc/pressure)");
        }
        for (String process : processes.keySet()) {
            if (!now.processes().containsKey(process)) {
                missing("the CPU of " + process + " (/proc: the process is gone)");
            }
        }
        for (String device : devices) {
            if (!now.devices().containsKey(device)) {
                missing("the IO counters of " + device + " (/proc/diskstats)");
            }
        }
    }

    private void missing(String what) {
        if (missingSaid.add(what)) {
            log.warn("host samples go without {}: this host does not give them", what);
        }
    }

    /**
     * The block device holding {@code path} (its name in /proc/diskstats, e.g. vda, nvme0n1p2), or null
     * when it is on none (tmpfs, overlay) or this is not Linux.
     */
    static String blockDevice(Path path) {
        try {
            Path existing = path.toAbsolutePath();
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            if (existing == null) {
                return null;
            }
            long dev = ((Number) Files.getAttribute(existing, "unix:dev")).longValue();
            long major = ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
            long minor = (dev & 0xff) | ((dev >>> 12) & ~0xffL);
            if (major == 0) {
                return null;
            }
            Path link = Path.of("/sys/dev/block", major + ":" + minor);
            return Files.isSymbolicLink(link)
                    ? Files.readSymbolicLink(link).getFileName().toString()
                    : null;
        } catch (Exception e) {
            return null;
        }
    }

    @Override
    public void close() {
        if (thread != null) {
            thread.shutdownNow();
        }
    }
}
