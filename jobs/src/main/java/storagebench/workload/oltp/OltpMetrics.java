package storagebench.workload.oltp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The measured step's metrics from its totals per transaction type: throughput (tpm: committed
 * transactions per minute; nopm: committed new-orders per minute), latency percentiles of every completed
 * transaction, rollbacks, retries, errors, and per type its count and share of the mix.
 */
final class OltpMetrics {
    private OltpMetrics() {}

    static Map<String, Double> step(
            Mix mix, TxFigures[] total, double millis, OltpSettings settings, long cpuNanos) {
        List<TransactionType> types = mix.types();
        long commits = 0;
        long completed = 0;
        long rollbacks = 0;
        long retries = 0;
        long errors = 0;
        Histogram all = new Histogram(3);
        all.setAutoResize(true);
        for (TxFigures f : total) {
            commits += f.commits();
            completed += f.completed();
            rollbacks += f.rollbacks();
            retries += f.retries;
            errors += f.errors;
            f.latenciesInto(all);
        }
        Map<String, Double> m = new LinkedHashMap<>();
        if (mix.newOrderType() >= 0) {
            long newOrders = total[mix.newOrderType()].commits();
            m.put("nopm", ThroughputInterval.perMinute(newOrders, millis));
            m.put("new_orders", (double) newOrders);
        }
        m.put("tpm", ThroughputInterval.perMinute(commits, millis));
        m.put("tps", millis > 0 ? commits * 1000.0 / millis : 0);
        m.put("transactions", (double) commits);
        m.put("rollbacks", (double) rollbacks);
        m.put("retries", (double) retries);
        m.put("errors", (double) errors);
        latencies(m, "latency_", all);
        for (int t = 0; t < types.size(); t++) {
            String name = types.get(t).name();
            m.put(name + ".count", (double) total[t].completed());
            m.put(name + ".percent", percent(total[t].completed(), completed));
        }
        m.put("measured_s", millis / 1e3);
        m.put("virtual_users", (double) settings.virtualUsers());
        m.put(mix.name().equals(TpcbMix.NAME) ? "scale" : "warehouses", (double) settings.units());
        if (cpuNanos >= 0 && completed > 0) {
            m.put("driver_cpu_us_per_tx", cpuNanos / 1e3 / completed);
        }
        return m;
    }

    /** A sub-step's metrics: one type's count, share, throughput, outcomes and latencies. */
    static Map<String, Double> type(TxFigures f, long completedAll, double millis) {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("count", (double) f.completed());
        m.put("percent", percent(f.completed(), completedAll));
        m.put("per_minute", ThroughputInterval.perMinute(f.commits(), millis));
        m.put("commits", (double) f.commits());
        m.put("rollbacks", (double) f.rollbacks());
        m.put("retries", (double) f.retries);
        m.put("errors", (double) f.errors);
        Histogram all = new Histogram(3);
        all.setAutoResize(true);
        f.latenciesInto(all);
        latencies(m, "", all);
        return m;
    }

    /** The mean latency of a type in ns: a sub-step's duration. */
    static long meanNanos(TxFigures f) {
        Histogram all = new Histogram(3);
        all.setAutoResize(true);
        f.latenciesInto(all);
        return all.getTotalCount() == 0 ? 0 : Math.round(all.getMean() * 1e3);
    }

    private static void latencies(Map<String, Double> m, String prefix, Histogram micros) {
        double[] ms = ThroughputInterval.latencies(micros);
        if (ms == null) {
            return;
        }
        m.put(prefix + "p50_ms", ms[0]);
        m.put(prefix + "p95_ms", ms[1]);
        m.put(prefix + "p99_ms", ms[2]);
        m.put(prefix + "max_ms", ms[3]);
        m.put(prefix + "mean_ms", micros.getMean() / 1e3);
    }

    private static double percent(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }
}
