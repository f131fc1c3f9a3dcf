package storagebench.compare;

import java.util.Arrays;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * The two-sided Mann–Whitney U (Wilcoxon rank-sum) test of {@code z[start, split)} against {@code
 * z[split, end)}, on mid-ranks. Where the smaller side has at most {@value #EXACT_MAX} values its
 * p-value is exact: the count of orderings with U ≤ u ({@link #lowerTail}); where values tie, the same
 * count at U rounded up, which errs towards no change and is exact when the smaller side lies beyond
 * every value of the other (runs timed to the millisecond tie often: the normal approximation would
 * miss every change of two runs). Elsewhere it is the normal approximation with the corrections for
 * ties and for continuity. A series of one value repeated is no difference (p = 1).
 *
 * <p>Commons Statistics' own test is not used here: by default it approximates a side of two runs
 * against a hundred (p = 0.016 where the exact p is 0.0004, so a change of two runs is missed), and
 * its exact p-value costs a fraction of a millisecond per test where this one costs microseconds.
 */
final class RankSumTest {
    static final int EXACT_MAX = 10;
    private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);

    private RankSumTest() {}

    static double p(double[] z, int start, int split, int end) {
        int n1 = split - start;
        int n2 = end - split;
        if (n1 < 1 || n2 < 1) {
            return 1;
        }
        int n = n1 + n2;
        double[] sorted = Arrays.copyOfRange(z, start, end);
        Arrays.sort(sorted);
        // mid-ranks: rank sum of the first side, and the ties' correction Σ(t³ − t)
        double rankSum = 0;
        double ties = 0;
        double[] firstSide = Arrays.copyOfRange(z, start, split);
        Arrays.sort(firstSide);
        int j = 0;
        for (int i = 0; i < n; ) {
            int k = i;
            while (k < n && sorted[k] == sorted[i]) {
                k++;
            }
            int t = k - i;
            double midRank = (i + 1 + k) / 2.0;
            int inFirst = 0;
            while (j < n1 && firstSide[j] == sorted[i]) {
                inFirst++;
                j++;
            }
            rankSum += inFirst * midRank;
            ties += (double) t * t * t - t;
            i = k;
        }
        double u1 = rankSum - n1 * (n1 + 1) / 2.0;
        double u = Math.min(u1, (double) n1 * n2 - u1);
        int small = Math.min(n1, n2);
        int large = Math.max(n1, n2);
        if (small <= EXACT_MAX) {
            return Math.min(1, 2 * lowerTail(small, large, (int) Math.ceil(u)));
        }
        double mean = n1 * (double) n2 / 2;
        double variance = n1 * (double) n2 / 12 * ((n + 1) - ties / ((double) n * (n - 1)));
        if (variance <= 0) {
            return 1;
        }
        double zScore = (Math.abs(u1 - mean) - 0.5) / Math.sqrt(variance);
        return zScore <= 0 ? 1 : Math.min(1, 2 * NORMAL.survivalProbability(zScore));
    }

    /**
     * The fewest values after a split of {@code n} that the test can find significant at {@code
     * alpha} (each of them beyond every value before it), or -1 when none can: with n values, k of
     * them apart can reach no p below 2 / C(n, k).
     */
    static int fewestAfter(int n, double alpha) {
        for (int k = EDivisive.MIN_SEGMENT; k <= n - EDivisive.MIN_SEGMENT; k++) {
            double orderings = 1;
            for (int i = 1; i <= k; i++) {
                orderings = orderings * (n - k + i) / i;
            }
            if (2 / orderings < alpha) {
                return k;
            }
        }
        return -1;
    }

    /**
     * P(U ≤ u) for sides of {@code a} and {@code b} values, u at most a·b/2: the orderings with U = k
     * are the partitions of k into at most a parts each at most b, the coefficient of q^k in the
     * Gaussian binomial Π (1 − q^(b+i)) / (1 − qⁱ), i = 1..a, over all C(a + b, a) orderings. The
     * divisions first (partitions into at most a parts: sums only), then the factors above, which
     * take away the partitions with a part above b and touch only degrees above b.
     */
    static double lowerTail(int a, int b, int u) {
        double[] c = new double[u + 1];
        c[0] = 1;
        for (int i = 1; i <= a; i++) {
            for (int k = i; k <= u; k++) {
                c[k] += c[k - i];
            }
        }
        for (int i = 1; i <= a; i++) {
            for (int k = u; k >= b + i; k--) {
                c[k] -= c[k - b - i];
            }
        }
        double count = 0;
        for (double x : c) {
            count += x;
        }
        double orderings = 1;
        for (int i = 1; i <= a; i++) {
            orderings = orderings * (b + i) / i;
        }
        return count / orderings;
    }
}
