package storagebench.compare;

/**
 * A change in the level of a series of per-run results, found by E-Divisive means ({@link
 * ChangePoints}).
 *
 * @param index the position in {@link Trend#runs()} of the first run at the new level
 * @param runId that run
 * @param start its start
 * @param meanBefore the mean of the run means of the segment before it (from the previous change
 *     point, or the start of the series, to this one)
 * @param beforeLow the lower bound of that mean's 95% interval (Student's t over the segment's runs)
 * @param beforeHigh its upper bound
 * @param meanAfter the mean of the run means of the segment from it to the next change point, or to
 *     the latest run
 * @param afterLow the lower bound of that mean's 95% interval
 * @param afterHigh its upper bound
 * @param p the split's p-value: the Mann–Whitney U test ({@link SplitTest#RANK_SUM}) of the run means
 *     before it against those from it on, within the interval E-Divisive split
 * @param worse whether the new level is worse: slower, or lower where higher is better ({@link
 *     Direction})
 */
public record ChangePoint(
        int index,
        String runId,
        java.time.Instant start,
        double meanBefore,
        double beforeLow,
        double beforeHigh,
        double meanAfter,
        double afterLow,
        double afterHigh,
        double p,
        boolean worse) {
    /** The new level against the old: above 1 when the mean rose. */
    public double ratio() {
        return meanAfter / meanBefore;
    }
}
