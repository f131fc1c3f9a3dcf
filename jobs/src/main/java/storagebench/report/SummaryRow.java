package storagebench.report;

import java.util.Map;

/**
 * The statistics of one experiment × host × variant × step over its measured trials (not warm-ups,
 * outcome OK). Durations are in seconds. The statistics are null when there are no measured trials;
 * {@code stddev} and {@code ci95} also when there is only one.
 *
 * @param configuration the label of the runs' fixed configuration among the experiment's (the keys
 *     in which it differs: {@code rows=1000}); empty where the experiment ran one
 * @param n measured trials
 * @param stddev sample standard deviation
 * @param p95 95th percentile, interpolated between the two nearest trials
 * @param ci95 half-width of the 95% confidence interval of the mean (Student's t)
 * @param failed trials that were not warm-ups and did not end OK
 * @param warmups warm-up trials, whatever their outcome
 * @param factors the variant's factor values, in the plan's order
 * @param ratios per factor, the mean over the smallest mean of the variants that differ from this one
 *     in that factor only (the other factors held fixed), in the same experiment, host and step; a
 *     variant known only by its label has one, {@value #BY_LABEL}, against every such variant
 * @param logMean the mean of the values' natural logs, null where a value is not positive
 * @param logVariance their sample variance, likewise (and null with one value)
 */
public record SummaryRow(
        String experiment,
        String host,
        String configuration,
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
        long failed,
        long warmups,
        Map<String, String> factors,
        Map<String, Double> ratios,
        Double logMean,
        Double logVariance) {

    /** The ratio's key of a variant without factors. */
    public static final String BY_LABEL = "variant";

    /** This row with its ratios. */
    SummaryRow withRatios(Map<String, Double> values) {
        return new SummaryRow(
                experiment,
                host,
                configuration,
                variant,
                step,
                n,
                mean,
                median,
                stddev,
                min,
                max,
                p95,
                ci95,
                failed,
                warmups,
                factors,
                values,
                logMean,
                logVariance);
    }

    /**
     * The lower bound of the 95% interval of the mean: Student's t around the mean, or where that
     * reaches below zero for positive values (a skewed sample), the log-normal one ({@link
     * LogNormalInterval}); never below zero.
     */
    public Double ciLow() {
        Double[] skewed = logInterval();
        if (skewed != null) {
            return skewed[0];
        }
        return ci95 == null ? null : Math.max(0, mean - ci95);
    }

    public Double ciHigh() {
        Double[] skewed = logInterval();
        if (skewed != null) {
            return skewed[1];
        }
        return ci95 == null ? null : mean + ci95;
    }

    /** Whether the interval is the log-normal one: the normal one would reach below zero. */
    public boolean logScale() {
        return logInterval() != null;
    }

    /** Why this row's interval is not the plain one around the mean, or null. */
    public String warning() {
        if (ci95 == null || mean - ci95 >= 0) {
            return null;
        }
        if (logScale()) {
            return "skewed values (n = "
                    + n
                    + "): the normal interval would reach below zero, so the interval is the"
                    + " log-normal one";
        }
        return "the values spread widely (n = "
                + n
                + "): the interval reaches below zero and is cut there";
    }

    private Double[] logInterval() {
        boolean below = ci95 != null && mean - ci95 < 0;
        boolean positive = min != null && min > 0;
        return below && positive ? LogNormalInterval.of(n, logMean, logVariance) : null;
    }
}
