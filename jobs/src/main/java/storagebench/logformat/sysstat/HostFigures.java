package storagebench.logformat.sysstat;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * sysstat's columns, by their header names, as the live host sampler's metrics (docs/events.md, "Host
 * samples"): percentages become shares of the interval (0–1), kB become bytes or MiB. A column the
 * output lacks leaves its metric out, as a figure the kernel lacks does for the live sampler.
 */
final class HostFigures {
    private static final double KIB = 1024;

    private HostFigures() {}

    /**
     * iostat's avg-cpu, sar's -u (and -u ALL, -P): user with nice (and guest time, which sar -u ALL
     * shows apart), system with irq and softirq, iowait, steal, idle.
     */
    static Map<String, Double> cpu(Map<String, Double> c) {
        Map<String, Double> m = new LinkedHashMap<>();
        share(m, "user", sum(c, "%user", "%usr", "%nice", "%guest", "%gnice"));
        share(m, "system", sum(c, "%system", "%sys", "%irq", "%soft"));
        share(m, "iowait", c.get("%iowait"));
        share(m, "steal", c.get("%steal"));
        share(m, "idle", c.get("%idle"));
        return m;
    }

    /** sar -m CPU: the frequency in MHz (of the {@code all} line: the CPUs' mean). */
    static Map<String, Double> frequency(Map<String, Double> c) {
        Map<String, Double> m = new LinkedHashMap<>();
        put(m, "freq_mhz", c.get("MHz"));
        return m;
    }

    /**
     * iostat -x's device line (sysstat 12's r_await/w_await columns or the older await), sar -d's
     * (tps, no reads and writes apart).
     */
    static Map<String, Double> device(Map<String, Double> c) {
        Map<String, Double> m = new LinkedHashMap<>();
        put(m, "reads_per_s", c.get("r/s"));
        put(m, "writes_per_s", c.get("w/s"));
        put(m, "tps", c.get("tps"));
        put(m, "read_mb_per_s", mib(c, "rkB/s", "rMB/s", "rd_sec/s"));
        put(m, "write_mb_per_s", mib(c, "wkB/s", "wMB/s", "wr_sec/s"));
        Double await = c.containsKey("await") ? c.get("await") : weighted(c);
        double ios =
                c.containsKey("tps")
                        ? c.get("tps")
                        : c.getOrDefault("r/s", 0.0) + c.getOrDefault("w/s", 0.0);
        if (await != null && ios > 0) {
            m.put("await_ms", await);
        }
        put(m, "read_await_ms", c.get("r_await"));
        put(m, "write_await_ms", c.get("w_await"));
        put(m, "queue_size", c.containsKey("aqu-sz") ? c.get("aqu-sz") : c.get("avgqu-sz"));
        share(m, "util", c.get("%util"));
        return m;
    }

    /**
     * sar -r: cached and dirty bytes, available bytes; used bytes (total less available, as the live
     * sampler's) only with -r ALL, whose kbslab completes the total: sar's kbmemused leaves out
     * buffers, cache and slab, and plain -r's %memused is too coarse to give the total back.
     */
    static Map<String, Double> memory(Map<String, Double> c) {
        Map<String, Double> m = new LinkedHashMap<>();
        Double total = sum(c, "kbmemfree", "kbmemused", "kbbuffers", "kbcached", "kbslab");
        if (c.containsKey("kbslab") && c.containsKey("kbmemfree") && c.containsKey("kbavail")) {
            m.put("used_bytes", (total - c.get("kbavail")) * KIB);
        }
        bytes(m, "cached_bytes", c.get("kbcached"));
        bytes(m, "dirty_bytes", c.get("kbdirty"));
        bytes(m, "available_bytes", c.get("kbavail"));
        return m;
    }

    /** sar -S: swap used. */
    static Map<String, Double> swap(Map<String, Double> c) {
        Map<String, Double> m = new LinkedHashMap<>();
        bytes(m, "swap_used_bytes", c.get("kbswpused"));
        return m;
    }

    /** sar -q PSI: the share of the interval stalled (%scpu, %sio, %fio, %smem, %fmem). */
    static Map<String, Double> pressure(Map<String, Double> c) {
        Map<String, Double> m = new LinkedHashMap<>();
        share(m, "cpu_some", c.get("%scpu"));
        share(m, "io_some", c.get("%sio"));
        share(m, "io_full", c.get("%fio"));
        share(m, "memory_some", c.get("%smem"));
        share(m, "memory_full", c.get("%fmem"));
        return m;
    }

    /** The mean of r_await and w_await weighted by r/s and w/s: the await of every IO, as the live sampler's. */
    private static Double weighted(Map<String, Double> c) {
        Double reads = c.get("r/s");
        Double writes = c.get("w/s");
        Double readAwait = c.get("r_await");
        Double writeAwait = c.get("w_await");
        if (reads == null || writes == null || readAwait == null || writeAwait == null) {
            return null;
        }
        double ios = reads + writes;
        return ios > 0 ? (reads * readAwait + writes * writeAwait) / ios : null;
    }

    /** MiB per second from kB/s, MB/s (iostat -m) or 512-byte sectors per second (older sysstat). */
    private static Double mib(Map<String, Double> c, String kb, String mb, String sectors) {
        if (c.containsKey(kb)) {
            return c.get(kb) / KIB;
        }
        if (c.containsKey(mb)) {
            return c.get(mb);
        }
        return c.containsKey(sectors) ? c.get(sectors) * 512 / (KIB * KIB) : null;
    }

    /** The sum of those of the columns present, or null when none is. */
    private static Double sum(Map<String, Double> c, String... columns) {
        Double sum = null;
        for (String column : columns) {
            Double value = c.get(column);
            if (value != null) {
                sum = (sum == null ? 0 : sum) + value;
            }
        }
        return sum;
    }

    private static void put(Map<String, Double> m, String key, Double value) {
        if (value != null) {
            m.put(key, value);
        }
    }

    private static void share(Map<String, Double> m, String key, Double percent) {
        put(m, key, percent == null ? null : percent / 100);
    }

    private static void bytes(Map<String, Double> m, String key, Double kb) {
        put(m, key, kb == null ? null : kb * KIB);
    }
}
