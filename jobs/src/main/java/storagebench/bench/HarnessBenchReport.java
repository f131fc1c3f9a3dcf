package storagebench.bench;

import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * What {@code bench harness} measured: per ABBA pair, a block of (a) floor transactions and a run of
 * (b) trials through the harness, each figure in ms.
 *
 * @param trials trials per harness run
 * @param warmUp trials (in runs of {@code trials}, rounded up) and transactions of the uncounted
 *     warm-up pair
 * @param pace what came between the floor's transactions
 * @param records the records of one trial's transaction, sent by the floor too
 * @param bytes their keys' and values' bytes
 * @param paired the pairs (A: the floor, B: the harness) and the load average around them
 */
public record HarnessBenchReport(
        int trials,
        int warmUp,
        FloorPace pace,
        int records,
        long bytes,
        Abba.Paired<HarnessTrials> paired) {
    /** Goal: (b) − (a) at most this, median, ms. */
    public static final double GOAL_DIFFERENCE_MS = 1;

    /** Goal: (b) at most this times (a), medians. */
    public static final double GOAL_RATIO = 1.5;

    private List<Double> pooled(Function<HarnessTrials, List<Double>> part, boolean harness) {
        return (harness ? paired.bs() : paired.as())
                .stream().flatMap(t -> part.apply(t).stream()).toList();
    }

    double floorMedian() {
        return PairRatios.median(pooled(HarnessTrials::overhead, false));
    }

    double harnessMedian() {
        return PairRatios.median(pooled(HarnessTrials::overhead, true));
    }

    /** (b) − (a) on the medians of all pairs' trials. */
    double difference() {
        return harnessMedian() - floorMedian();
    }

    PairRatios ratios() {
        return paired.ratios(p -> p.b().median() / p.a().median());
    }

    public String format() {
        StringBuilder out = new StringBuilder();
        line(
                out,
                "bench harness: %d trials per run, %d ABBA pairs after a warm-up pair (%d trials"
                        + " in %d run(s), %d transactions), one embedded broker; Java %s, %d cores",
                trials,
                paired.pairs().size(),
                HarnessBenchmark.warmUpRuns(warmUp, trials) * trials,
                HarnessBenchmark.warmUpRuns(warmUp, trials),
                warmUp,
                Runtime.version(),
                Runtime.getRuntime().availableProcessors());
        line(
                out,
                "(a) floor: one Kafka transaction (begin, %d send(s) of a trial's own records, %,d"
                        + " bytes, commit) with the runner's producer settings, alone, %s",
                records,
                bytes,
                pace == FloorPace.PACED
                        ? "each after a run of `true` (not timed), as a trial's follows its"
                                + " measured phase"
                        : "back to back");
        line(
                out,
                "(b) harness: a trial of `true` through the runner (Spring Batch on its in-memory job repository) and the broker, from its"
                        + " start to the next trial's minus its measured phase");
        for (int i = 0; i < paired.pairs().size(); i++) {
            Abba.Pair<HarnessTrials> p = paired.pairs().get(i);
            line(
                    out,
                    "  pair %d (%s)  (a) %6.2f ms  (b) %6.2f ms  b - a %6.2f ms  b / a %5.2f",
                    i + 1,
                    p.order(),
                    p.a().median(),
                    p.b().median(),
                    p.b().median() - p.a().median(),
                    p.b().median() / p.a().median());
        }
        line(out, "%-42s %9s %9s", "all pairs' trials", "median", "p90");
        row(out, "(a) floor, ms", pooled(HarnessTrials::overhead, false));
        row(out, "(b) harness, ms", pooled(HarnessTrials::overhead, true));
        line(
                out,
                "%-42s %9.2f   goal <= %.0f ms: %s",
                "(b) - (a), ms",
                difference(),
                GOAL_DIFFERENCE_MS,
                difference() <= GOAL_DIFFERENCE_MS ? "met" : "NOT met");
        line(
                out,
                "%-42s %9.2f   goal <= %.1f: %s",
                "(b) / (a)",
                harnessMedian() / floorMedian(),
                GOAL_RATIO,
                harnessMedian() <= GOAL_RATIO * floorMedian() ? "met" : "NOT met");
        line(out, "%s", ratios().summary("b / a per pair"));
        line(out, "where (b) goes, medians of the harness's trials:");
        row(
                out,
                "  measured end to trial done (events handed over)",
                pooled(HarnessTrials::afterMeasured, true));
        row(out, "  chunk end, next trial read", pooled(HarnessTrials::handOver, true));
        row(out, "  set-up, wait for the commit", pooled(HarnessTrials::setUp, true));
        List<Double> floorJit = compiling(false);
        List<Double> harnessJit = compiling(true);
        if (!floorJit.isEmpty() && !harnessJit.isEmpty()) {
            line(
                    out,
                    "JIT compiling while a block ran, ms: (a) %s, (b) %s",
                    spread(floorJit),
                    spread(harnessJit));
        }
        return out.toString();
    }

    /** {@code median 20 (10 to 30)}: the blocks' median and range, whole ms. */
    private static String spread(List<Double> ms) {
        return String.format(
                Locale.ROOT,
                "median %.0f (%.0f to %.0f)",
                PairRatios.median(ms),
                Collections.min(ms),
                Collections.max(ms));
    }

    /** Each block's JIT compiling time, where known. */
    private List<Double> compiling(boolean harness) {
        return (harness ? paired.bs() : paired.as())
                .stream().map(HarnessTrials::compileMs).filter(ms -> ms >= 0).toList();
    }

    private static void row(StringBuilder out, String label, List<Double> ms) {
        if (ms.isEmpty()) {
            line(out, "%-42s %9s", label, "-");
        } else {
            line(
                    out,
                    "%-42s %9.2f %9.2f",
                    label,
                    PairRatios.median(ms),
                    PairRatios.quantile(ms, 0.9));
        }
    }

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append(System.lineSeparator());
    }
}
