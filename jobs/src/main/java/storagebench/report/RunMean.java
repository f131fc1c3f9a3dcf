package storagebench.report;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/**
 * One variant's mean in one run, for trend lines across runs.
 *
 * @param configuration the label of the run's fixed configuration among the experiment's
 * @param started the run's first trial
 * @param n measured trials of the variant in the run
 * @param mean mean duration in seconds
 */
public record RunMean(
        String experiment,
        String host,
        String configuration,
        String variant,
        String step,
        String runId,
        Instant started,
        long n,
        double mean) {

    /**
     * The durations' means per run among {@code stats} (read {@link VariantStats.Query#withRunRows()}), per
     * experiment, host and step, in the order the runs started.
     */
    public static List<RunMean> of(List<VariantStats> stats) {
        return stats.stream()
                .filter(s -> s.runId() != null && s.n() > 0)
                .filter(s -> VariantStats.DURATION.equals(s.metric()))
                .sorted(
                        Comparator.comparing(VariantStats::experiment)
                                .thenComparing(VariantStats::host)
                                .thenComparing(VariantStats::configuration)
                                .thenComparing(VariantStats::step)
                                .thenComparing(VariantStats::started)
                                .thenComparing(VariantStats::variant))
                .map(
                        s ->
                                new RunMean(
                                        s.experiment(),
                                        s.host(),
                                        s.configuration(),
                                        s.variant(),
                                        s.step(),
                                        s.runId(),
                                        s.started(),
                                        s.n(),
                                        s.mean()))
                .toList();
    }
}
