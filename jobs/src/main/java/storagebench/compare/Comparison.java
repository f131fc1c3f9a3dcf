package storagebench.compare;

import java.util.Map;

/**
 * One variant against its baseline, in one experiment, host and step, on one metric, with the other
 * factors held fixed.
 *
 * @param configuration the label of the fixed configuration both ran (the keys in which it differs
 *     from the experiment's others: {@code rows=1000}); empty where the experiment ran one
 * @param metric {@code duration} (seconds) or a metric of the trials
 * @param higherIsBetter whether a larger value is better (iops, mb_per_s, tps, nopm)
 * @param variant the compared variant's label
 * @param baseline the baseline variant's label
 * @param fixed the factors both share
 * @param n the variant's measured trials
 * @param baselineN the baseline's measured trials
 * @param ratioOfMeans the variant's mean over the baseline's, or null when a side has no trial
 * @param low lower bound of the ratio's 95% confidence interval, or null when it cannot be had
 * @param high upper bound, likewise
 * @param ratioOfMedians the variant's median over the baseline's
 * @param test the test used, as shown in the output
 * @param p the test's two-sided p-value, or null when it cannot be had (n = 1)
 * @param pAdjusted p after Holm's correction over the variants compared with one baseline
 * @param repetitions repetitions per variant that would detect a 5% difference at this variance
 * @param verdict the comparison in words
 * @param mechanism what the host did differently in the two arms ({@link Mechanism}), or null where
 *     either has no host samples
 */
public record Comparison(
        String experiment,
        String host,
        String configuration,
        String step,
        String metric,
        boolean higherIsBetter,
        String variant,
        String baseline,
        Map<String, String> fixed,
        long n,
        long baselineN,
        Double mean,
        Double baselineMean,
        Double ratioOfMeans,
        Double low,
        Double high,
        Double ratioOfMedians,
        String test,
        Double p,
        Double pAdjusted,
        Integer repetitions,
        String verdict,
        String mechanism) {

    /** This comparison with {@code text} as its verdict. */
    public Comparison withVerdict(String text) {
        return with(text, mechanism);
    }

    /** This comparison with {@code line} as its mechanism. */
    public Comparison withMechanism(String line) {
        return with(verdict, line);
    }

    private Comparison with(String verdictText, String mechanismLine) {
        return new Comparison(
                experiment,
                host,
                configuration,
                step,
                metric,
                higherIsBetter,
                variant,
                baseline,
                fixed,
                n,
                baselineN,
                mean,
                baselineMean,
                ratioOfMeans,
                low,
                high,
                ratioOfMedians,
                test,
                p,
                pAdjusted,
                repetitions,
                verdictText,
                mechanismLine);
    }
}
