package storagebench.report;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/**
 * One variant's mean of a step's measure in one run, for trend lines across runs.
 *
 * @param configuration the label of the run's fixed configuration among the experiment's
 * @param started the run's first trial
 * @param n measured trials of the variant in the run
 * @param mean the mean of the measure: a duration in seconds, or a metric's value
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
     * The means per run among {@code stats} (read {@link VariantStats.Query#withRunRows()}) of the rows
     * {@code measure} keeps (one metric per step), per experiment, host and step, in the order the runs
     * started.
     */
    public static List<RunMean> of(List<VariantStats> stats, Predicate<VariantStats> measure) {
        return stats.stream()
                .filter(s -> s.runId() != null && s.n() > 0)
                .filter(measure)
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
