package storagebench.compare;

import java.time.Instant;
import java.util.List;

/**
 * One variant's means run by run, in time order, and the latest run judged by the method asked for
 * ({@link TrendMethod}): by the change points of the series, or against the runs before it.
 *
 * @param runs each run's mean, oldest first
 * @param window the window method: the runs the latest is judged against (at most the requested
 *     window, and only runs of the latest run's fixed configuration since it last changed: a change
 *     is a break in the series, never a regression); the change point method: the runs analysed
 *     before the latest (those of the latest run's configuration since it last changed)
 * @param test the test used, as shown in the output, or null when there is nothing to judge against
 * @param p the window method: its two-sided p-value; the change point method: that of the change
 *     point the verdict is about; null when there is none
 * @param regression the window method: whether the latest run is worse than the window beyond chance;
 *     the change point method: whether a worse change point lies within the last {@code recent} runs
 *     and was not already a regression one run earlier ({@link ChangePoints#raised})
 * @param verdict the judgement in words
 * @param method {@code changepoint} or {@code window} ({@link TrendMethod#label()})
 * @param changePoints the change points of the latest configuration's runs, oldest first; empty for
 *     the window method
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
        String verdict,
        String method,
        List<ChangePoint> changePoints) {

    /**
     * A run's mean of one variant and step.
     *
     * @param configuration the label of the run's fixed configuration among the experiment's; empty
     *     where the experiment ran one
     */
    public record RunMean(String runId, Instant start, int n, double mean, String configuration) {}
}
