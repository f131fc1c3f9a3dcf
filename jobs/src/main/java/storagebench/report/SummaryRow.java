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
        Map<String, Double> ratios) {

    /** The ratio's key of a variant without factors. */
    public static final String BY_LABEL = "variant";

    /** A row of a variant whose factors are not known apart from its label. */
    public SummaryRow(
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
            long failed,
            long warmups) {
        this(
                experiment,
                host,
                "",
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
                Map.of(),
                Map.of());
    }

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
                values);
    }

    /**
     * The lower bound of the 95% interval of the mean, never below zero: a duration is not negative,
     * and a bound below zero says only that there are too few trials ({@link #warning()}).
     */
    public Double ciLow() {
        return ci95 == null ? null : Math.max(0, mean - ci95);
    }

    public Double ciHigh() {
        return ci95 == null ? null : mean + ci95;
    }

    /** Why this row's interval says little, or null: too few trials for it to stay above zero. */
    public String warning() {
        return ci95 != null && mean - ci95 < 0
                ? "few trials (n = " + n + "): the interval reaches below zero and is cut there"
                : null;
    }
}
