package storagebench.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The change points of a series of run means: the splits {@link EDivisive} finds significant in the
 * whole series and in its last {@value #TAIL} runs on their own, less those whose change is below the
 * least reported.
 *
 * <p>The last runs are searched on their own because the statistic weighs a split by the runs on both
 * sides: in a long series a mild wobble far back can outweigh a clear step two runs old, and when that
 * candidate is not significant the search stops; the step would show only once it had runs enough to
 * outweigh it, past the recent runs where it is a regression. (Apache Otava searches its series in
 * windows for the same reason.) A split found there is kept unless one of the whole series' is within
 * {@value EDivisive#MIN_SEGMENT} runs of it.
 *
 * <p>As Otava does after its split, the smallest change is removed one at a time while it is below the
 * least reported, and the segments around it joined before the others are measured again (a change of
 * 1.5% between two of 3% becomes one of 4.5% or goes). Each change point keeps the p-value of the
 * split that made it. Each segment's mean is the mean of its runs' means, with the 95% interval of
 * Student's t over them.
 */
public final class ChangePoints {
    /** The latest runs searched on their own as well. */
    static final int TAIL = 30;

    private ChangePoints() {}

    /**
     * The change points of {@code runs[from, size)}, oldest first, the splits tested by the rank-sum
     * test ({@link SplitTest#RANK_SUM}).
     *
     * @param from the first run of the series (the runs before it are of another configuration)
     * @param higher whether a larger value is better (which way is worse)
     */
    public static List<ChangePoint> of(
            List<Trend.RunMean> runs, int from, TrendOptions options, boolean higher) {
        return of(runs, from, options, higher, SplitTest.RANK_SUM);
    }

    /** As {@link #of(List, int, TrendOptions, boolean)}, the splits tested by {@code test}. */
    public static List<ChangePoint> of(
            List<Trend.RunMean> runs,
            int from,
            TrendOptions options,
            boolean higher,
            SplitTest test) {
        double[] z = new double[runs.size() - from];
        for (int i = 0; i < z.length; i++) {
            z[i] = runs.get(from + i).mean();
        }
        List<EDivisive.Split> kept = splits(z, options.p(), options.minMagnitude(), test);
        List<ChangePoint> points = new ArrayList<>(kept.size());
        for (int i = 0; i < kept.size(); i++) {
            int before = i == 0 ? 0 : kept.get(i - 1).index();
            int at = kept.get(i).index();
            int after = i == kept.size() - 1 ? z.length : kept.get(i + 1).index();
            double[] b = interval(z, before, at);
            double[] a = interval(z, at, after);
            Trend.RunMean run = runs.get(from + at);
            points.add(
                    new ChangePoint(
                            from + at,
                            run.runId(),
                            run.start(),
                            b[0],
                            b[1],
                            b[2],
                            a[0],
                            a[1],
                            a[2],
                            kept.get(i).p(),
                            higher ? a[0] < b[0] : a[0] > b[0]));
        }
        return List.copyOf(points);
    }

    /** The significant splits of {@code z} whose change is at least {@code minMagnitude}. */
    static List<EDivisive.Split> splits(
            double[] z, double alpha, double minMagnitude, SplitTest test) {
        List<EDivisive.Split> kept = new ArrayList<>(EDivisive.splits(z, alpha, test));
        if (z.length > TAIL) {
            int offset = z.length - TAIL;
            double[] tail = Arrays.copyOfRange(z, offset, z.length);
            for (EDivisive.Split t : EDivisive.splits(tail, alpha, test)) {
                int at = offset + t.index();
                if (kept.stream()
                        .noneMatch(k -> Math.abs(k.index() - at) < EDivisive.MIN_SEGMENT)) {
                    kept.add(new EDivisive.Split(at, t.p()));
                }
            }
            kept.sort(Comparator.comparingInt(EDivisive.Split::index));
        }
        while (!kept.isEmpty()) {
            int smallest = -1;
            double least = Double.POSITIVE_INFINITY;
            for (int i = 0; i < kept.size(); i++) {
                int before = i == 0 ? 0 : kept.get(i - 1).index();
                int at = kept.get(i).index();
                int after = i == kept.size() - 1 ? z.length : kept.get(i + 1).index();
                double change =
                        magnitude(
                                SplitTest.stats(z, before, at)[0],
                                SplitTest.stats(z, at, after)[0]);
                if (change < least) {
                    smallest = i;
                    least = change;
                }
            }
            if (!(least < minMagnitude)) {
                break;
            }
            kept.remove(smallest);
        }
        return kept;
    }

    /** How far the level moved, either way: 0.08 for ×1.08 and for ×1/1.08. */
    static double magnitude(double before, double after) {
        double low = Math.min(Math.abs(before), Math.abs(after));
        if (low == 0) {
            return before == after ? 0 : Double.POSITIVE_INFINITY;
        }
        return Math.abs(after - before) / low;
    }

    /** The mean of {@code z[from, to)} and its 95% interval (Student's t). */
    static double[] interval(double[] z, int from, int to) {
        double[] stats = SplitTest.stats(z, from, to);
        int n = to - from;
        if (n < 2) {
            return new double[] {stats[0], stats[0], stats[0]};
        }
        double half =
                TDistribution.of(n - 1).inverseSurvivalProbability(0.025) * Math.sqrt(stats[1] / n);
        return new double[] {stats[0], stats[0] - half, stats[0] + half};
    }

    /**
     * The change point to raise as a regression now, or null: the latest worse one among the last
     * {@code recent} of the {@code size} runs, unless it was raised one run earlier, that is, unless
     * the series without its latest run ({@code before}, its change points) already had a worse change
     * point among its own last {@code recent} runs and within {@code recent} runs of this one. Run
     * after every run, a change is raised once: the runs after it are its new level.
     */
    public static ChangePoint raised(
            List<ChangePoint> now, int size, List<ChangePoint> before, int recent) {
        ChangePoint latest = null;
        for (ChangePoint c : now) {
            if (c.worse() && c.index() >= size - recent) {
                latest = c;
            }
        }
        if (latest == null) {
            return null;
        }
        for (ChangePoint c : before) {
            if (c.worse()
                    && c.index() >= size - 1 - recent
                    && Math.abs(c.index() - latest.index()) <= recent) {
                return null;
            }
        }
        return latest;
    }
}
