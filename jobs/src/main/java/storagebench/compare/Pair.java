package storagebench.compare;

import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;
import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apache.commons.statistics.inference.TTest;

/**
 * The statistics of one variant's values against its baseline's. The ratio is of the means; its 95%
 * interval is the delta method's on the log of the ratio with Welch–Satterthwaite degrees of freedom.
 * The test is Welch's t-test on the log values (the values are durations or rates: positive, and their
 * spread grows with their size), or the Mann–Whitney U test where a value is not positive.
 */
record Pair(
        long n,
        long baselineN,
        double mean,
        double baselineMean,
        double ratioOfMeans,
        double ratioOfMedians,
        Double low,
        Double high,
        String test,
        Double p,
        Integer repetitions,
        Spread spread) {
    static final String WELCH = "Welch's t-test on log values";
    static final String MANN_WHITNEY = "Mann-Whitney U test";

    /** The difference the repetitions are computed to detect. */
    static final double DETECT = 0.05;

    /** The power the repetitions are computed for. */
    static final double POWER = 0.8;

    static Pair of(Arm x, Arm y) {
        double ratio = x.mean() / y.mean();
        double medians = x.median() / y.median();
        if (x.n() < 2 || y.n() < 2) {
            return new Pair(
                    x.n(), y.n(), x.mean(), y.mean(), ratio, medians, null, null, null, null, null,
                    null);
        }
        Double[] interval = interval(x, y, ratio);
        if (!x.positive() || !y.positive()) {
            double p =
                    MannWhitneyUTest.withDefaults()
                            .test(x.values().get(), y.values().get())
                            .getPValue();
            return tested(x, y, interval, MANN_WHITNEY, finite(p), null, Spread.of(x, y, null));
        }
        double vx = x.logVariance();
        double vy = y.logVariance();
        Double p =
                vx == 0 && vy == 0
                        ? (ratio == 1 ? 1.0 : 0.0)
                        : finite(
                                TTest.withDefaults()
                                        .with(DataDispersion.HETEROSCEDASTIC)
                                        .test(x.logMean(), vx, x.n(), y.logMean(), vy, y.n())
                                        .getPValue());
        return tested(
                x,
                y,
                interval,
                WELCH,
                p,
                repetitions(vx, vy),
                Spread.of(x, y, repetitions(vx, vy, x.logMean() - y.logMean())));
    }

    private static Pair tested(
            Arm x,
            Arm y,
            Double[] interval,
            String test,
            Double p,
            Integer repetitions,
            Spread spread) {
        return new Pair(
                x.n(),
                y.n(),
                x.mean(),
                y.mean(),
                x.mean() / y.mean(),
                x.median() / y.median(),
                interval[0],
                interval[1],
                test,
                p,
                repetitions,
                spread);
    }

    /** The ratio's 95% interval: r·exp(±t·se), se of log r by the delta method. */
    private static Double[] interval(Arm x, Arm y, double ratio) {
        if (x.mean() <= 0 || y.mean() <= 0) {
            return new Double[] {null, null};
        }
        double a = x.variance() / (x.n() * x.mean() * x.mean());
        double b = y.variance() / (y.n() * y.mean() * y.mean());
        double se = Math.sqrt(a + b);
        if (se == 0) {
            return new Double[] {ratio, ratio};
        }
        double df = (a + b) * (a + b) / (a * a / (x.n() - 1) + b * b / (y.n() - 1));
        double t = TDistribution.of(df).inverseSurvivalProbability(0.025);
        return new Double[] {ratio * Math.exp(-t * se), ratio * Math.exp(t * se)};
    }

    /**
     * Repetitions per variant that would detect a {@value #DETECT} difference with {@value #POWER}
     * power at these variances of each side's log values, by the test that is run: Welch's t-test at
     * the two-sided 5% level, its degrees of freedom those of n trials a side.
     */
    static Integer repetitions(double logVarianceX, double logVarianceY) {
        return repetitions(logVarianceX, logVarianceY, Math.log(1 + DETECT));
    }

    /**
     * As {@link #repetitions(double, double)}, to detect a difference of {@code logRatio} on the log
     * scale: the fewest n a side with n ≥ (t₀.₀₂₅ + t₀.₂)² (s₁² + s₂²) / logRatio², t on Welch–
     * Satterthwaite's degrees of freedom (n − 1)(s₁² + s₂²)² / (s₁⁴ + s₂⁴). Searched from the normal
     * approximation's n, which it exceeds by a few at most; at least 2.
     */
    static Integer repetitions(double logVarianceX, double logVarianceY, double logRatio) {
        if (logRatio == 0 || !Double.isFinite(logRatio)) {
            return null;
        }
        double sum = logVarianceX + logVarianceY;
        if (!(sum > 0)) {
            return 2;
        }
        double squares = logVarianceX * logVarianceX + logVarianceY * logVarianceY;
        NormalDistribution normal = NormalDistribution.of(0, 1);
        double z =
                normal.inverseSurvivalProbability(0.025)
                        + normal.inverseSurvivalProbability(1 - POWER);
        double effect = logRatio * logRatio;
        double from = Math.max(2, Math.ceil(z * z * sum / effect));
        if (from >= Integer.MAX_VALUE) {
            return Integer.MAX_VALUE;
        }
        for (int n = (int) from; ; n++) {
            TDistribution t = TDistribution.of((n - 1) * sum * sum / squares);
            double q =
                    t.inverseSurvivalProbability(0.025) + t.inverseSurvivalProbability(1 - POWER);
            if (n >= q * q * sum / effect || n == Integer.MAX_VALUE) {
                return n;
            }
        }
    }

    private static Double finite(double value) {
        return Double.isFinite(value) ? value : null;
    }
}
