package storagebench.logformat.fio;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The metrics of one direction of a fio job, latencies in microseconds (fio 3 reports nanoseconds;
 * fio 2's microsecond fields are not read).
 * Latency kinds fio did not measure (N = 0, e.g. slat of a synchronous engine) are left out, as are
 * percentiles not in fio's percentile_list.
 */
final class FioMetrics {
    /** fio's percentile keys ("99.900000") and the metric suffix each becomes. */
    private static final double[] PERCENTILES = {50, 95, 99, 99.9};

    private static final String[] SUFFIXES = {"p50", "p95", "p99", "p99_9"};

    private FioMetrics() {}

    static Map<String, Double> direction(JsonNode d, JsonNode job) {
        Map<String, Double> m = new TreeMap<>();
        put(m, "iops", d.path("iops"));
        put(m, "bw_bytes", d.path("bw_bytes"));
        put(m, "io_bytes", d.path("io_bytes"));
        put(m, "total_ios", d.path("total_ios"));
        latency(m, "lat", d.path("lat_ns"), true);
        latency(m, "clat", d.path("clat_ns"), false);
        latency(m, "slat", d.path("slat_ns"), false);
        put(m, "usr_cpu_pct", job.path("usr_cpu"));
        put(m, "sys_cpu_pct", job.path("sys_cpu"));
        return Collections.unmodifiableMap(m);
    }

    static Map<String, Double> sync(JsonNode sync) {
        Map<String, Double> m = new TreeMap<>();
        put(m, "total_ios", sync.path("total_ios"));
        latency(m, "lat", sync.path("lat_ns"), true);
        return Collections.unmodifiableMap(m);
    }

    /** mean and max always; min and stddev for total latency; percentiles when fio computed them. */
    private static void latency(Map<String, Double> m, String kind, JsonNode ns, boolean spread) {
        if (ns.path("N").asLong(0) == 0) {
            return;
        }
        micros(m, kind + "_mean_us", ns.path("mean"));
        micros(m, kind + "_max_us", ns.path("max"));
        if (spread) {
            micros(m, kind + "_min_us", ns.path("min"));
            micros(m, kind + "_stddev_us", ns.path("stddev"));
        }
        ns.path("percentile")
                .properties()
                .forEach(
                        e -> {
                            double at = parse(e.getKey());
                            for (int i = 0; i < PERCENTILES.length; i++) {
                                if (Math.abs(at - PERCENTILES[i]) < 1e-6) {
                                    micros(m, kind + "_" + SUFFIXES[i] + "_us", e.getValue());
                                }
                            }
                        });
    }

    private static double parse(String key) {
        try {
            return Double.parseDouble(key);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static void put(Map<String, Double> m, String name, JsonNode value) {
        if (value.isNumber() && Double.isFinite(value.asDouble())) {
            m.put(name, value.asDouble());
        }
    }

    /** ns / 1000 rounds once; ns * 1e-3 would round twice (3426.617998 ns → 3.4266179980000003 µs). */
    private static void micros(Map<String, Double> m, String name, JsonNode ns) {
        if (ns.isNumber() && Double.isFinite(ns.asDouble())) {
            m.put(name, ns.asDouble() / 1000);
        }
    }
}
