package storagebench.compare;

import java.time.Instant;
import java.util.List;

/**
 * One variant's means run by run, in time order, and the latest run judged against the runs before it.
 *
 * @param runs each run's mean, oldest first
 * @param window the runs the latest is judged against: at most the requested window, and only runs of
 *     the latest run's fixed configuration since it last changed (a change is a break in the series,
 *     never a regression)
 * @param test the test used, as shown in the output, or null when there is nothing to judge against
 * @param p its two-sided p-value, or null
 * @param regression whether the latest run is worse than the window beyond chance
 * @param verdict the judgement in words
 */
public record Trend(
        String experiment,
        String host,
        String step,
        String variant,
        String metric,
        List<RunMean> runs,
        int window,
        String test,
        Double p,
        boolean regression,
        String verdict) {

    /**
     * A run's mean of one variant and step.
     *
     * @param configuration the label of the run's fixed configuration among the experiment's; empty
     *     where the experiment ran one
     */
    public record RunMean(String runId, Instant start, int n, double mean, String configuration) {}
}
