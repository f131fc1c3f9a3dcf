package storagebench.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * E-Divisive means (Matteson and James, 2014, with α = 1, as MongoDB's performance team uses it: Daly et
 * al., ICPE 2020): the series is split where the energy statistic of the two sides is largest, and each
 * side again, while the split is significant.
 *
 * <p>The statistic of a split of {@code z[s, e)} at τ, whose second side ends at κ ≤ e, is
 *
 * <pre>
 *   Q(τ, κ) = 2/(n+m) Σ|Xi − Yj| − 2m/((n+m)(n−1)) Σi&lt;k |Xi − Xk| − 2n/((n+m)(m−1)) Σj&lt;k |Yj − Yk|
 * </pre>
 *
 * with X = z[s, τ) (n values) and Y = z[τ, κ) (m values); the candidate of an interval is the τ of the
 * largest Q over every τ and κ (the earliest where several are equal). Each side holds at least
 * {@value #MIN_SEGMENT} values. Each sum is one of D(a, b) = Σ|zi − zj| over a ≤ i &lt; j &lt; b: the
 * cross sum is D(s, κ) − D(s, τ) − D(τ, κ), so
 *
 * <pre>
 *   Q(τ, κ) = 2/L · (D(s, κ) − (L − 1) · (D(s, τ)/(n − 1) + D(τ, κ)/(m − 1))),  L = n + m = κ − s
 * </pre>
 *
 * and for each κ the best τ is the one with the least D(s, τ)/(n − 1) + D(τ, κ)/(m − 1). D is kept for
 * every a as κ grows by one, D(a, κ) = D(a, κ − 1) + Σ a ≤ i &lt; κ−1 |zi − z(κ−1)|, in the same pass
 * that looks for that τ: an interval of m values costs O(m²), not O(m³).
 *
 * <p>A candidate is significant when the {@link SplitTest} of the interval's values before τ against
 * those from τ on gives p below the level. The search takes the interval with the largest candidate,
 * tests it, splits it if significant, and stops at the first candidate that is not. {@code trend}
 * tests by ranks ({@link SplitTest#RANK_SUM}, the Mann–Whitney U test): like the t-test Apache Otava
 * uses, it costs one sort per split, where the permutation test of the original method costs a few
 * hundred O(m²) passes; unlike Student's t, one outlier run among those before a change does not widen
 * the test enough to hide it ({@code bench changepoints}: 98.5% of the 5% steps at 1% noise, with 1%
 * outlier runs, raised within 5 runs, against 76% with Student's t).
 */
final class EDivisive {
    /** The fewest values on either side of a split. */
    static final int MIN_SEGMENT = 2;

    /**
     * A split: the first index of its second side, and its test's p-value.
     *
     * @param index the first value after the change
     * @param p the p-value of the test that accepted it
     */
    record Split(int index, double p) {}

    /**
     * An interval's best split before it is tested.
     *
     * @param start the interval's first index
     * @param end past its last
     * @param tau the split
     * @param q its statistic, the largest of the interval's
     */
    record Candidate(int start, int end, int tau, double q) {}

    private EDivisive() {}

    /** The splits of {@code z} significant at {@code alpha}, in the order of their index. */
    static List<Split> splits(double[] z, double alpha, SplitTest test) {
        List<Split> found = new ArrayList<>();
        List<Candidate> candidates = new ArrayList<>();
        add(candidates, z, 0, z.length);
        while (!candidates.isEmpty()) {
            Candidate best = candidates.get(0);
            for (Candidate c : candidates) {
                if (c.q() > best.q()) {
                    best = c;
                }
            }
            double p = test.p(z, best.start(), best.tau(), best.end());
            if (!(p < alpha)) {
                break;
            }
            found.add(new Split(best.tau(), p));
            candidates.remove(best);
            add(candidates, z, best.start(), best.tau());
            add(candidates, z, best.tau(), best.end());
        }
        found.sort((a, b) -> Integer.compare(a.index(), b.index()));
        return List.copyOf(found);
    }

    private static void add(List<Candidate> candidates, double[] z, int start, int end) {
        Candidate c = candidate(z, start, end);
        if (c != null) {
            candidates.add(c);
        }
    }

    /**
     * The split of {@code z[start, end)} with the largest statistic, or null when the interval is too
     * short to split.
     */
    static Candidate candidate(double[] z, int start, int end) {
        int m = end - start;
        if (m < 2 * MIN_SEGMENT) {
            return null;
        }
        double[] inverse = new double[m];
        for (int k = 1; k < m; k++) {
            inverse[k] = 1.0 / k;
        }
        // within[a - start] = D(a, κ) for the κ of the loop; mean[τ - start] = D(start, τ) / (n −
        // 1)
        double[] within = new double[m];
        double[] mean = new double[m + 1];
        int bestTau = -1;
        double best = Double.NEGATIVE_INFINITY;
        for (int kappa = start + 1; kappa <= end; kappa++) {
            double x = z[kappa - 1];
            double r = 0;
            double lowest = Double.POSITIVE_INFINITY;
            int tau = -1;
            int a = kappa - 2;
            for (; a >= start + MIN_SEGMENT; a--) {
                r += Math.abs(z[a] - x);
                double w = within[a - start] + r;
                within[a - start] = w;
                double h = mean[a - start] + w * inverse[kappa - a - 1];
                if (h <= lowest) {
                    lowest = h;
                    tau = a;
                }
            }
            for (; a >= start; a--) {
                r += Math.abs(z[a] - x);
                within[a - start] += r;
            }
            int length = kappa - start;
            double total = within[0];
            mean[length] = length > 1 ? total * inverse[length - 1] : 0;
            if (tau >= 0) {
                double q = 2.0 / length * (total - (length - 1) * lowest);
                if (q > best) {
                    best = q;
                    bestTau = tau;
                }
            }
        }
        return new Candidate(start, end, bestTau, best);
    }

    /** Q(τ, κ) of {@code z[start, end)} straight from its definition, for the tests. */
    static double q(double[] z, int start, int tau, int kappa) {
        int n = tau - start;
        int m = kappa - tau;
        double cross = 0;
        double wx = 0;
        double wy = 0;
        for (int i = start; i < tau; i++) {
            for (int j = tau; j < kappa; j++) {
                cross += Math.abs(z[i] - z[j]);
            }
            for (int k = i + 1; k < tau; k++) {
                wx += Math.abs(z[i] - z[k]);
            }
        }
        for (int j = tau; j < kappa; j++) {
            for (int k = j + 1; k < kappa; k++) {
                wy += Math.abs(z[j] - z[k]);
            }
        }
        double total = n + m;
        return 2 * cross / total
                - (n > 1 ? 2.0 * m / (total * (n - 1)) * wx : 0)
                - (m > 1 ? 2.0 * n / (total * (m - 1)) * wy : 0);
    }
}
