package storagebench.bench;

import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/**
 * What {@code bench sink --sinks …} measured: each round (a number of sinks, its first or second
 * time), then per number of sinks the median events/s of its rounds and its ratio to one sink.
 *
 * @param events N, the events sunk each round
 * @param valueBytes bytes of the encoded events
 * @param partitions the topic's partitions
 * @param embedded whether the data directory's embedded broker served the topic
 * @param measures the rounds, in the order they ran
 */
public record SinkGroupReport(
        long events, long valueBytes, int partitions, boolean embedded, List<Measure> measures) {
    /** What two sinks should reach against one, when two cores are free. */
    public static final double TARGET = 1.5;

    /**
     * One round: {@code sinks} processes, the {@code pass}-th time, their CPU seconds together, with
     * the load average around it.
     */
    public record Measure(
            int sinks,
            int pass,
            long nanos,
            double cpuSeconds,
            double loadBefore,
            double loadAfter) {
        /** Cores the sinks kept busy on average: CPU time over wall time. */
        double cores() {
            return cpuSeconds / (nanos / 1e9);
        }

        double perSecond(long events) {
            return events * 1e9 / Math.max(1, nanos);
        }
    }

    /** The median events/s of the rounds with {@code sinks} sinks. */
    public double perSecond(int sinks) {
        return PairRatios.median(
                measures.stream()
                        .filter(m -> m.sinks() == sinks)
                        .map(m -> m.perSecond(events))
                        .toList());
    }

    public String format() {
        StringBuilder out = new StringBuilder();
        line(
                out,
                "bench sink: N = %,d TrialTimed events (%,.1f MB encoded) on %d partition(s), %s,"
                        + " %d cores",
                events,
                valueBytes / 1048576.0,
                partitions,
                embedded ? "the embedded broker" : "the configured cluster",
                Runtime.getRuntime().availableProcessors());
        line(
                out,
                "each round: that many `storagebench sink --until-idle` processes at once, fresh dataset, wall time;"
                        + " sinks' cores = their CPU time / wall time");
        line(
                out,
                "%-6s %-5s %10s %14s %12s %12s %11s",
                "sinks",
                "round",
                "seconds",
                "events/s",
                "sinks' cores",
                "load before",
                "load after");
        for (Measure m : measures) {
            line(
                    out,
                    "%-6d %-5d %10.2f %,14.0f %12.2f %12.2f %11.2f",
                    m.sinks(),
                    m.pass(),
                    m.nanos() / 1e9,
                    m.perSecond(events),
                    m.cores(),
                    m.loadBefore(),
                    m.loadAfter());
        }
        TreeMap<Integer, Double> medians = new TreeMap<>();
        measures.forEach(m -> medians.put(m.sinks(), perSecond(m.sinks())));
        Double one = medians.get(1);
        line(out, "%-6s %14s %10s", "sinks", "events/s", "× 1 sink");
        medians.forEach(
                (sinks, rate) ->
                        line(
                                out,
                                "%-6d %,14.0f %10s",
                                sinks,
                                rate,
                                one == null
                                        ? "-"
                                        : String.format(Locale.ROOT, "%.2f", rate / one)));
        if (one != null && medians.containsKey(2)) {
            double two = medians.get(2) / one;
            line(
                    out,
                    "2 sinks / 1 sink = %.2f, target >= %.2f when two cores are free: %s",
                    two,
                    TARGET,
                    two >= TARGET
                            ? "met"
                            : "NOT met (the sinks' cores and the load average beside each round say"
                                    + " whether two cores were free)");
        }
        return out.toString();
    }

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append(System.lineSeparator());
    }
}
