package storagebench.bench;

import java.util.List;
import java.util.Locale;

/**
 * What {@code bench sampling} measured.
 *
 * @param devices the block devices sampled
 * @param intervals intervals of (a), at 10 ms
 * @param rows the HostSamples of those intervals (one per source)
 * @param cpuNanos the sampler thread's CPU time over them
 * @param seconds how long (a) sampled
 * @param actionMillis the calibrated action's length in (b)
 * @param action (b): measured over wall-clock time of the action, without (A) and with (B) the sampler
 * @param avroBytes the rows as the topic holds them
 * @param parquetBytes the rows as the dataset holds them
 */
public record SamplingBenchReport(
        List<String> devices,
        long intervals,
        long rows,
        long cpuNanos,
        int seconds,
        long actionMillis,
        Abba.Paired<Double> action,
        long avroBytes,
        long parquetBytes) {

    static final double GOAL_CORE_SHARE = 0.01;
    static final double GOAL_ACTION_EFFECT = 0.001;

    /** The sampler's CPU per tick, in microseconds. */
    double tickMicros() {
        return cpuNanos / 1e3 / Math.max(1, intervals + 1);
    }

    /** Its share of one core at one tick per {@code intervalMillis}. */
    double coreShare(double intervalMillis) {
        return tickMicros() / 1e3 / intervalMillis;
    }

    /** (b): each pair's B / A. */
    PairRatios ratios() {
        return action.ratios(p -> p.b() / p.a());
    }

    /** The growth of an hour of trials sampled every second, in MB (10^6 bytes). */
    double perTrialHourMb(long bytes) {
        return intervals == 0 ? 0 : bytes / (double) intervals * 3600 / 1e6;
    }

    public String format() {
        StringBuilder out = new StringBuilder();
        line(
                out,
                "bench sampling: the host sampler on this machine (%d cores; devices: %s); Java %s",
                Runtime.getRuntime().availableProcessors(),
                devices.isEmpty() ? "none" : String.join(", ", devices),
                System.getProperty("java.version"));
        line(
                out,
                "(a) its own CPU, from its thread's CPU time: %d ticks in %d s at 10 ms, %.1f µs per"
                        + " tick, %.1f rows per interval",
                intervals + 1,
                seconds,
                tickMicros(),
                intervals == 0 ? 0.0 : rows / (double) intervals);
        line(
                out,
                "  at 1 s:   %.3f%% of one core   target < %.0f%%: %s",
                100 * coreShare(1000),
                100 * GOAL_CORE_SHARE,
                coreShare(1000) < GOAL_CORE_SHARE ? "met" : "NOT met");
        line(out, "  at 100 ms: %.3f%% of one core", 100 * coreShare(100));
        PairRatios ratios = ratios();
        double effect = ratios.median() - 1;
        line(
                out,
                "(b) a calibrated %d ms action, timed as a measured step, with the sampler at 100 ms"
                        + " beside it (B) and without (A): measured / wall clock",
                actionMillis);
        line(out, "  %s", ratios.summary("B / A"));
        line(
                out,
                "  effect %+.4f%%   target within %.1f%%: %s",
                100 * effect,
                100 * GOAL_ACTION_EFFECT,
                Math.abs(effect) <= GOAL_ACTION_EFFECT ? "met" : "NOT met");
        line(
                out,
                "(c) growth per trial-hour at 1 s (%.1f rows per interval): %.2f MB in the topic"
                        + " (Avro), %.2f MB in the dataset (Parquet, zstd)",
                intervals == 0 ? 0.0 : rows / (double) intervals,
                perTrialHourMb(avroBytes),
                perTrialHourMb(parquetBytes));
        return out.toString();
    }

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append(System.lineSeparator());
    }
}
