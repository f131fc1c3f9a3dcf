package storagebench.report;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The 95% interval of the mean of positive values taken on the log scale (Cox's method for a
 * log-normal sample): {@code exp(m + s²/2 ± t·√(s²/n + s⁴/(2(n−1))))}, m and s² the mean and
 * variance of the logs. Its bounds are positive and it leans the way a skewed sample does, where the
 * normal interval of a few widely spread durations reaches below zero.
 */
public final class LogNormalInterval {
    private LogNormalInterval() {}

    /** The interval's bounds, or null without two values and their logs' statistics. */
    public static Double[] of(long n, Double logMean, Double logVariance) {
        if (n < 2 || logMean == null || logVariance == null) {
            return null;
        }
        double s2 = logVariance;
        double centre = logMean + s2 / 2;
        double se = Math.sqrt(s2 / n + s2 * s2 / (2.0 * (n - 1)));
        double t = TDistribution.of(n - 1).inverseSurvivalProbability(0.025);
        return new Double[] {Math.exp(centre - t * se), Math.exp(centre + t * se)};
    }
}
