package storagebench.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The host's counters at one moment, as Linux's {@code /proc} and {@code /sys} give them: CPU time per
 * core and in all, each core's frequency, memory, pressure stall totals, and the IO counters of the
 * block devices asked for. {@link #since} turns two of them into the figures of the interval between.
 * A file this kernel lacks (or cannot be read) leaves its figures out; nothing here throws for it.
 *
 * @param nanos when it was read (monotonic clock)
 * @param cpu CPU times in clock ticks, by {@code cpu} (every core) and {@code cpu0}, {@code cpu1}, …:
 *     user, system, iowait, steal, idle (user with nice, system with irq and softirq)
 * @param freqMhz each core's current frequency, by core
 * @param memory bytes: used_bytes, cached_bytes, dirty_bytes, swap_used_bytes
 * @param pressure microseconds stalled in all: cpu_some, io_some, io_full, memory_some, memory_full
 * @param devices by device name: reads, writes, sectors read and written, ms reading and writing, ms
 *     doing IO
 * @param processes by name: CPU clock ticks of a server's process tree ({@link ServerOnHost})
 */
public record HostCounters(
        long nanos,
        Map<String, long[]> cpu,
        Map<String, Double> freqMhz,
        Map<String, Double> memory,
        Map<String, Long> pressure,
        Map<String, long[]> devices,
        Map<String, Long> processes) {

    /** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux's architectures). */
    static final double TICKS_PER_SECOND = 100;

    private static final Path PROC = Path.of("/proc");
    private static final Path SYS_CPU = Path.of("/sys/devices/system/cpu");

    /**
     * Whether the kernel has cpufreq, looked at once: without it every tick would fail to read a file
     * per core before falling back to /proc/cpuinfo.
     */
    private static final boolean CPUFREQ =
            Files.isDirectory(SYS_CPU.resolve("cpu0").resolve("cpufreq"));

    /** Reads the counters now, with the devices {@code devices} (names as in /proc/diskstats). */
    public static HostCounters read(List<String> devices) {
        return read(devices, Map.of());
    }

    /**
     * As {@link #read(List)}, with the CPU time of each of {@code processes} (by name, the root pid
     * of its tree).
     */
    public static HostCounters read(List<String> devices, Map<String, Long> processes) {
        long nanos = System.nanoTime();
        Map<String, long[]> cpu = cpu(text(PROC.resolve("stat")));
        Map<String, Double> freq = new LinkedHashMap<>();
        for (String core : CPUFREQ ? cpu.keySet() : List.<String>of()) {
            if (!core.equals("cpu")) {
                String khz =
                        text(SYS_CPU.resolve(core).resolve("cpufreq").resolve("scaling_cur_freq"));
                Double mhz = number(khz);
                if (mhz != null) {
                    freq.put(core, mhz / 1000);
                }
            }
        }
        if (freq.isEmpty()) {
            freq = cpuinfoMhz(text(PROC.resolve("cpuinfo")));
        }
        Map<String, Long> pressure = new LinkedHashMap<>();
        for (String resource : List.of("cpu", "io", "memory")) {
            pressure.putAll(pressure(resource, text(PROC.resolve("pressure").resolve(resource))));
        }
        return new HostCounters(
                nanos,
                cpu,
                freq,
                memory(text(PROC.resolve("meminfo"))),
                pressure,
                devices(text(PROC.resolve("diskstats")), devices),
                ticks(processes));
    }

    private static Map<String, Long> ticks(Map<String, Long> processes) {
        Map<String, Long> out = new LinkedHashMap<>();
        processes.forEach(
                (name, pid) -> {
                    long ticks = ServerOnHost.treeTicks(pid);
                    if (ticks >= 0) {
                        out.put(name, ticks);
                    }
                });
        return out;
    }

    /**
     * {@code /proc/stat}'s cpu lines: user (with nice), system (with irq and softirq), iowait, steal,
     * idle, in clock ticks.
     */
    static Map<String, long[]> cpu(String stat) {
        Map<String, long[]> out = new LinkedHashMap<>();
        if (stat == null) {
            return out;
        }
        for (String line : stat.split("\n")) {
            if (!line.startsWith("cpu")) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            if (f.length < 9) {
                continue;
            }
            try {
                long user = Long.parseLong(f[1]) + Long.parseLong(f[2]);
                long system = Long.parseLong(f[3]) + Long.parseLong(f[6]) + Long.parseLong(f[7]);
                long idle = Long.parseLong(f[4]);
                long iowait = Long.parseLong(f[5]);
                long steal = Long.parseLong(f[8]);
                out.put(f[0], new long[] {user, system, iowait, steal, idle});
            } catch (NumberFormatException e) {
                // a line this parser does not know: left out
            }
        }
        return out;
    }

    /** {@code cpu MHz} of each processor in {@code /proc/cpuinfo}, as cpu0, cpu1, … */
    static Map<String, Double> cpuinfoMhz(String cpuinfo) {
        Map<String, Double> out = new LinkedHashMap<>();
        if (cpuinfo == null) {
            return out;
        }
        String processor = null;
        for (String line : cpuinfo.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = line.substring(0, colon).strip();
            String value = line.substring(colon + 1).strip();
            if (key.equals("processor")) {
                processor = "cpu" + value;
            } else if (key.equals("cpu MHz") && processor != null) {
                Double mhz = number(value);
                if (mhz != null) {
                    out.put(processor, mhz);
                }
            }
        }
        return out;
    }

    /** {@code /proc/meminfo} as used, cached, dirty and swap used bytes (the file counts kB). */
    static Map<String, Double> memory(String meminfo) {
        Map<String, Double> kb = new LinkedHashMap<>();
        if (meminfo == null) {
            return Map.of();
        }
        for (String line : meminfo.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                String[] parts = line.substring(colon + 1).strip().split("\\s+");
                Double value = number(parts[0]);
                if (value != null) {
                    kb.put(line.substring(0, colon), value);
                }
            }
        }
        Map<String, Double> out = new LinkedHashMap<>();
        if (kb.containsKey("MemTotal") && kb.containsKey("MemAvailable")) {
            out.put("used_bytes", (kb.get("MemTotal") - kb.get("MemAvailable")) * 1024);
        }
        if (kb.containsKey("Cached")) {
            out.put("cached_bytes", kb.get("Cached") * 1024);
        }
        if (kb.containsKey("Dirty")) {
            out.put("dirty_bytes", kb.get("Dirty") * 1024);
        }
        if (kb.containsKey("SwapTotal") && kb.containsKey("SwapFree")) {
            out.put("swap_used_bytes", (kb.get("SwapTotal") - kb.get("SwapFree")) * 1024);
        }
        return out;
    }

    /** One {@code /proc/pressure} file's totals: {@code io_some}, {@code io_full}, in microseconds. */
    static Map<String, Long> pressure(String resource, String text) {
        Map<String, Long> out = new LinkedHashMap<>();
        if (text == null) {
            return out;
        }
        for (String line : text.split("\n")) {
            String[] f = line.trim().split("\\s+");
            for (String field : f) {
                if (field.startsWith("total=") && (f[0].equals("some") || f[0].equals("full"))) {
                    try {
                        out.put(resource + "_" + f[0], Long.parseLong(field.substring(6)));
                    } catch (NumberFormatException e) {
                        // left out
                    }
                }
            }
        }
        return out;
    }

    /**
     * {@code /proc/diskstats}' lines of {@code names}: reads, writes, sectors read, sectors written, ms
     * reading, ms writing, ms doing IO.
     */
    static Map<String, long[]> devices(String diskstats, List<String> names) {
        Map<String, long[]> out = new LinkedHashMap<>();
        if (diskstats == null || names.isEmpty()) {
            return out;
        }
        for (String line : diskstats.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 14 || !names.contains(f[2])) {
                continue;
            }
            try {
                out.put(
                        f[2],
                        new long[] {
                            Long.parseLong(f[3]),
                            Long.parseLong(f[7]),
                            Long.parseLong(f[5]),
                            Long.parseLong(f[9]),
                            Long.parseLong(f[6]),
                            Long.parseLong(f[10]),
                            Long.parseLong(f[12])
                        });
            } catch (NumberFormatException e) {
                // left out
            }
        }
        return out;
    }

    /**
     * The figures of the interval from {@code before} to this, by source and name ({@code cpu/all},
     * {@code core/cpu0}, {@code memory/all}, {@code pressure/all}, {@code device/sda}): shares of the
     * interval, rates per second, bytes.
     */
    public Map<String, Map<String, Double>> since(HostCounters before) {
        double seconds = (nanos - before.nanos) / 1e9;
        Map<String, Map<String, Double>> out = new LinkedHashMap<>();
        if (seconds <= 0) {
            return out;
        }
        cpu.forEach(
                (core, now) -> {
                    long[] then = before.cpu.get(core);
                    if (then == null) {
                        return;
                    }
                    long total = 0;
                    for (int i = 0; i < now.length; i++) {
                        total += now[i] - then[i];
                    }
                    if (total <= 0) {
                        return;
                    }
                    Map<String, Double> m = new LinkedHashMap<>();
                    String[] names = {"user", "system", "iowait", "steal", "idle"};
                    for (int i = 0; i < names.length; i++) {
                        m.put(names[i], (double) (now[i] - then[i]) / total);
                    }
                    if (core.equals("cpu")) {
                        freqMhz.values().stream()
                                .mapToDouble(Double::doubleValue)
                                .average()
                                .ifPresent(mean -> m.put("freq_mhz", mean));
                        out.put("cpu/all", m);
                    } else {
                        Double mhz = freqMhz.get(core);
                        if (mhz != null) {
                            m.put("freq_mhz", mhz);
                        }
                        out.put("core/" + core, m);
                    }
                });
        if (!memory.isEmpty()) {
            out.put("memory/all", new LinkedHashMap<>(memory));
        }
        Map<String, Double> stalled = new LinkedHashMap<>();
        pressure.forEach(
                (name, micros) -> {
                    Long then = before.pressure.get(name);
                    if (then != null) {
                        stalled.put(name, (micros - then) / 1e6 / seconds);
                    }
                });
        if (!stalled.isEmpty()) {
            out.put("pressure/all", stalled);
        }
        devices.forEach(
                (device, now) -> {
                    long[] then = before.devices.get(device);
                    if (then == null) {
                        return;
                    }
                    long reads = now[0] - then[0];
                    long writes = now[1] - then[1];
                    Map<String, Double> m = new LinkedHashMap<>();
                    m.put("reads_per_s", reads / seconds);
                    m.put("writes_per_s", writes / seconds);
                    m.put("read_mb_per_s", (now[2] - then[2]) * 512.0 / (1 << 20) / seconds);
                    m.put("write_mb_per_s", (now[3] - then[3]) * 512.0 / (1 << 20) / seconds);
                    if (reads + writes > 0) {
                        m.put(
                                "await_ms",
                                (double) (now[4] - then[4] + now[5] - then[5]) / (reads + writes));
                    }
                    m.put("util", Math.min(1.0, (now[6] - then[6]) / 1e3 / seconds));
                    out.put("device/" + device, m);
                });
        processes.forEach(
                (name, ticks) -> {
                    Long then = before.processes.get(name);
                    if (then != null && ticks >= then) {
                        out.put(
                                "process/" + name,
                                new LinkedHashMap<>(
                                        Map.of(
                                                "cpu",
                                                (ticks - then) / TICKS_PER_SECOND / seconds)));
                    }
                });
        return out;
    }

    private static Double number(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String text(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
