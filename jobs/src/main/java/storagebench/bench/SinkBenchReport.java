package storagebench.bench;

import java.util.List;
import java.util.Locale;

/**
 * What {@code bench sink} measured, with the context needed to compare runs.
 *
 * @param events N, the events published and read by each stage
 * @param valueBytes bytes of the encoded events
 * @param topic the benchmark topic
 * @param embedded whether the embedded broker (a process of its own, on this machine) served the topic
 * @param paired per ABBA pair, A: [(c) the sink end to end], B: [(a) the plain consumer, bytes only;
 *     (b) the Parquet writer alone, decoded events from memory]; and the load average around them
 * @param sinkPeakHeapBytes the largest sum of the heap pools' peak use during a (c), garbage included
 * @param sinkHeapAfterGcBytes the largest heap occupancy right after a collection during a (c)
 */
public record SinkBenchReport(
        long events,
        long valueBytes,
        String topic,
        boolean embedded,
        Abba.Paired<List<Rate>> paired,
        long sinkPeakHeapBytes,
        long sinkHeapAfterGcBytes) {
    public static final double TARGET = 0.70;

    /** Events in some nanoseconds. */
    public record Rate(long events, long nanos) {
        public double perSecond() {
            return events * 1e9 / Math.max(1, nanos);
        }
    }

    /** Each pair's c / min(a, b): how close the sink comes to its slower ingredient. */
    PairRatios ratios() {
        return paired.ratios(
                p ->
                        p.a().get(0).perSecond()
                                / Math.min(p.b().get(0).perSecond(), p.b().get(1).perSecond()));
    }

    /** The median of the pairs' c / min(a, b). */
    public double ratio() {
        return ratios().median();
    }

    private List<Rate> stage(boolean sink, int i) {
        return (sink ? paired.as() : paired.bs()).stream().map(r -> r.get(i)).toList();
    }

    public String format() {
        StringBuilder out = new StringBuilder();
        line(
                out,
                "bench sink: N = %,d TrialTimed events (%,.1f MB encoded), Java %s, %d cores, max heap %,d MB",
                events,
                valueBytes / 1048576.0,
                Runtime.version(),
                Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20);
        line(
                out,
                "topic %s on %s",
                topic,
                embedded
                        ? "the embedded broker (a process of its own, on this machine)"
                        : "the configured cluster");
        line(
                out,
                "(c) and then (a), (b) in ABBA order over %d pairs; medians of the pairs:",
                paired.pairs().size());
        line(out, "%-44s %14s %10s", "stage", "events/s", "seconds");
        rate(out, "(a) plain consumer, bytes only", stage(false, 0));
        rate(out, "(b) Parquet writer, decoded events in memory", stage(false, 1));
        rate(out, "(c) sink end to end (topic -> Parquet files)", stage(true, 0));
        line(
                out,
                "%-44s %14.2f   target >= %.2f: %s",
                "c / min(a, b), median of the pairs",
                ratio(),
                TARGET,
                ratio() >= TARGET ? "met" : "NOT met");
        line(out, "%s", ratios().summary("c / min(a, b) per pair"));
        line(
                out,
                "%-44s %11.0f MB   (sum of the heap pools' peaks during c, garbage included)",
                "sink peak heap",
                sinkPeakHeapBytes / 1048576.0);
        if (sinkHeapAfterGcBytes > 0) {
            line(
                    out,
                    "%-44s %11.0f MB   (largest heap right after a GC during c: what stays live)",
                    "sink heap after GC",
                    sinkHeapAfterGcBytes / 1048576.0);
        } else {
            line(out, "%-44s %14s", "sink heap after GC", "no GC during c");
        }
        if (embedded) {
            line(
                    out,
                    "(heap figures are this process's, the sink's and the bench's; the broker's"
                            + " process shares the machine's cores)");
        }
        return out.toString();
    }

    private static void rate(StringBuilder out, String label, List<Rate> rates) {
        line(
                out,
                "%-44s %,14.0f %10.2f",
                label,
                PairRatios.median(rates.stream().map(Rate::perSecond).toList()),
                PairRatios.median(rates.stream().map(r -> r.nanos() / 1e9).toList()));
    }

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append(System.lineSeparator());
    }
}
