package storagebench.report;

/**
 * The statistics of one experiment × host × variant × step over its measured trials (not warm-ups,
 * outcome OK). Durations are in seconds. The statistics are null when there are no measured trials;
 * {@code stddev} and {@code ci95} also when there is only one.
 *
 * @param n measured trials
 * @param stddev sample standard deviation
 * @param p95 95th percentile, interpolated between the two nearest trials
 * @param ci95 half-width of the 95% confidence interval of the mean (Student's t)
 * @param ratio mean over the smallest mean of the variants in the same experiment, host and step
 * @param failed trials that were not warm-ups and did not end OK
 * @param warmups warm-up trials, whatever their outcome
 */
public record SummaryRow(
        String experiment,
        String host,
        String variant,
        String step,
        long n,
        Double mean,
        Double median,
        Double stddev,
        Double min,
        Double max,
        Double p95,
        Double ci95,
        Double ratio,
        long failed,
        long warmups) {

    public Double ciLow() {
        return ci95 == null ? null : mean - ci95;
    }

    public Double ciHigh() {
        return ci95 == null ? null : mean + ci95;
    }
}
