package storagebench.compare;

import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.TTest;

/**
 * Whether the runs of a series before a split differ from those after it: the significance test of
 * {@link EDivisive}'s splits.
 */
public enum SplitTest {
    /**
     * The Mann–Whitney U test of the run means, two-sided ({@link RankSumTest}): what {@code trend}
     * uses. One outlier run moves its rank by at most the count of runs, so it neither hides a change
     * nor makes one of a single run.
     */
    RANK_SUM {
        @Override
        double p(double[] z, int start, int split, int end) {
            return RankSumTest.p(z, start, split, end);
        }
    },
    /**
     * Student's two-sample t-test of the run means (pooled variance, two-sided), as Apache Otava
     * does: compared in {@code bench changepoints}, where one slow outlier run among the runs before
     * a change widens the pooled variance enough to hide it.
     */
    STUDENT_T {
        @Override
        double p(double[] z, int start, int split, int end) {
            double[] a = stats(z, start, split);
            double[] b = stats(z, split, end);
            if (a[1] == 0 && b[1] == 0) {
                return a[0] == b[0] ? 1 : 0;
            }
            return T.test(a[0], a[1], split - start, b[0], b[1], end - split).getPValue();
        }
    };

    private static final TTest T = TTest.withDefaults().with(DataDispersion.HOMOSCEDASTIC);

    /** The p-value of {@code z[start, split)} against {@code z[split, end)}. */
    abstract double p(double[] z, int start, int split, int end);

    /** The mean and the variance of {@code z[from, to)} (0 for one value). */
    static double[] stats(double[] z, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += z[i];
        }
        double mean = sum / (to - from);
        double squares = 0;
        for (int i = from; i < to; i++) {
            squares += (z[i] - mean) * (z[i] - mean);
        }
        return new double[] {mean, to - from > 1 ? squares / (to - from - 1) : 0};
    }
}
