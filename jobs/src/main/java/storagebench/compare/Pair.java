package storagebench.compare;

import java.util.Arrays;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Median;
import org.apache.commons.statistics.descriptive.Variance;
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
        Integer repetitions) {
    static final String WELCH = "Welch's t-test on log values";
    static final String MANN_WHITNEY = "Mann-Whitney U test";

    /** The difference the repetitions are computed to detect. */
    static final double DETECT = 0.05;

    /** The power the repetitions are computed for. */
    static final double POWER = 0.8;

    static Pair of(double[] x, double[] y) {
        double mx = Mean.of(x).getAsDouble();
        double my = Mean.of(y).getAsDouble();
        double ratio = mx / my;
        double medians =
                Median.withDefaults().evaluate(x.clone())
                        / Median.withDefaults().evaluate(y.clone());
        if (x.length < 2 || y.length < 2) {
            return new Pair(
                    x.length, y.length, mx, my, ratio, medians, null, null, null, null, null);
        }
        boolean positive =
                Arrays.stream(x).allMatch(v -> v > 0) && Arrays.stream(y).allMatch(v -> v > 0);
        Double[] interval = interval(x, y, mx, my, ratio);
        if (!positive) {
            double p = MannWhitneyUTest.withDefaults().test(x, y).getPValue();
            return new Pair(
                    x.length,
                    y.length,
                    mx,
                    my,
                    ratio,
                    medians,
                    interval[0],
                    interval[1],
                    MANN_WHITNEY,
                    finite(p),
                    null);
        }
        double[] lx = Arrays.stream(x).map(Math::log).toArray();
        double[] ly = Arrays.stream(y).map(Math::log).toArray();
        double vx = Variance.of(lx).getAsDouble();
        double vy = Variance.of(ly).getAsDouble();
        Double p =
                vx == 0 && vy == 0
                        ? (ratio == 1 ? 1.0 : 0.0)
                        : finite(
                                TTest.withDefaults()
                                        .with(DataDispersion.HETEROSCEDASTIC)
                                        .test(lx, ly)
                                        .getPValue());
        return new Pair(
                x.length,
                y.length,
                mx,
                my,
                ratio,
                medians,
                interval[0],
                interval[1],
                WELCH,
                p,
                repetitions((vx + vy) / 2));
    }

    /** The ratio's 95% interval: r·exp(±t·se), se of log r by the delta method. */
    private static Double[] interval(double[] x, double[] y, double mx, double my, double ratio) {
        if (mx <= 0 || my <= 0) {
            return new Double[] {null, null};
        }
        double a = Variance.of(x).getAsDouble() / (x.length * mx * mx);
        double b = Variance.of(y).getAsDouble() / (y.length * my * my);
        double se = Math.sqrt(a + b);
        if (se == 0) {
            return new Double[] {ratio, ratio};
        }
        double df = (a + b) * (a + b) / (a * a / (x.length - 1) + b * b / (y.length - 1));
        double t = TDistribution.of(df).inverseSurvivalProbability(0.025);
        return new Double[] {ratio * Math.exp(-t * se), ratio * Math.exp(t * se)};
    }

    /**
     * Repetitions per variant that would detect a {@value #DETECT} difference with {@value #POWER}
     * power at this variance of the log values (normal approximation, two-sided 5% level).
     */
    static Integer repetitions(double logVariance) {
        NormalDistribution normal = NormalDistribution.of(0, 1);
        double z =
                normal.inverseSurvivalProbability(0.025)
                        + normal.inverseSurvivalProbability(1 - POWER);
        double delta = Math.log(1 + DETECT);
        double n = 2 * z * z * logVariance / (delta * delta);
        return (int) Math.max(2, Math.ceil(n));
    }

    private static Double finite(double value) {
        return Double.isFinite(value) ? value : null;
    }
}
