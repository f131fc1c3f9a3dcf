package storagebench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Change points of a series of run means: kept, measured, and raised once. */
class ChangePointsTest {
    private static final Instant T0 = Instant.parse("2026-11-01T02:30:00Z");

    /** Ten runs 1.000 … 1.009 shuffled, then ten more at {@code level} plus the same offsets. */
    private static List<Trend.RunMean> step(double level) {
        double[] offsets = {3, 7, 1, 9, 5, 0, 8, 2, 6, 4};
        List<Trend.RunMean> runs = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            double mean = (i < 10 ? 1 : level) + offsets[i % 10] / 1000;
            runs.add(new Trend.RunMean("r" + i, T0.plusSeconds(86_400L * i), 5, mean, ""));
        }
        return runs;
    }

    @Test
    void aStepIsOneChangePointWithItsLevelsAndTheirIntervals() {
        // when
        List<ChangePoint> points = ChangePoints.of(step(1.1), 0, TrendOptions.DEFAULT, false);
        // then: at r10, each side's mean 1.0045 (and 1.1045); the offsets' standard deviation is
        // √(82.5/9) = 3.03 thousandths, t(0.975, 9) = 2.262: half-width 2.262 · 3.03 / √10 = 2.17
        assertThat(points).hasSize(1);
        ChangePoint c = points.get(0);
        assertThat(c.index()).isEqualTo(10);
        assertThat(c.runId()).isEqualTo("r10");
        assertThat(c.start()).isEqualTo(T0.plusSeconds(864_000));
        assertThat(c.meanBefore()).isCloseTo(1.0045, within(1e-12));
        assertThat(c.meanAfter()).isCloseTo(1.1045, within(1e-12));
        assertThat(c.beforeHigh() - c.meanBefore()).isCloseTo(0.002166, within(1e-6));
        assertThat(c.meanBefore() - c.beforeLow()).isCloseTo(0.002166, within(1e-6));
        assertThat(c.afterHigh() - c.meanAfter()).isCloseTo(0.002166, within(1e-6));
        assertThat(c.p()).isCloseTo(2.0 / 184_756, within(1e-15));
        assertThat(c.worse()).isTrue();
        assertThat(c.ratio()).isCloseTo(1.1045 / 1.0045, within(1e-12));
    }

    @Test
    void aChangeBelowTheLeastReportedIsNone() {
        // given: a step of 1.5%, as significant as the other (every run after above every run
        // before)
        List<Trend.RunMean> runs = step(1.015);
        // then: below 2% it is not reported; at least 1% it is
        assertThat(ChangePoints.of(runs, 0, TrendOptions.DEFAULT, false)).isEmpty();
        assertThat(
                        ChangePoints.of(
                                runs,
                                0,
                                new TrendOptions(TrendMethod.CHANGEPOINT, 0.01, 0.01, 3, 5),
                                false))
                .hasSize(1);
    }

    @Test
    void lowerIsWorseWhereHigherIsBetter() {
        // given: throughput that fell by about 10%
        List<Trend.RunMean> runs = step(0.9);
        // then
        assertThat(ChangePoints.of(runs, 0, TrendOptions.DEFAULT, true).get(0).worse()).isTrue();
        assertThat(ChangePoints.of(runs, 0, TrendOptions.DEFAULT, false).get(0).worse()).isFalse();
    }

    @Test
    void theRunsBeforeTheSeriesAreLeftOut() {
        // given: five runs of another configuration, much slower, then the step
        List<Trend.RunMean> runs = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            runs.add(new Trend.RunMean("old" + i, T0.minusSeconds(86_400L * (5 - i)), 5, 9, "x"));
        }
        runs.addAll(step(1.1));
        // when
        List<ChangePoint> points = ChangePoints.of(runs, 5, TrendOptions.DEFAULT, false);
        // then: the change is where it was, its index counted in all the runs
        assertThat(points).extracting(ChangePoint::index).containsExactly(15);
        assertThat(points.get(0).meanBefore()).isCloseTo(1.0045, within(1e-12));
    }

    @Test
    void aRecentStepIsFoundWhereAnOlderChangeOfSpreadOutweighsIt() {
        // given: 200 runs, their spread ±0.05% up to run 100 and ±5% after (the same mean), the
        // last
        // two 20% slower
        double[] offsets = {3, 7, 1, 9, 5, 0, 8, 2, 6, 4};
        double[] z = new double[200];
        for (int i = 0; i < 200; i++) {
            double spread = i < 100 ? 0.0005 : 0.05;
            z[i] = 1 + (offsets[i % 10] - 4.5) / 4.5 * spread + i / 1e7 + (i >= 198 ? 0.2 : 0);
        }
        // when
        EDivisive.Candidate whole = EDivisive.candidate(z, 0, z.length);
        List<EDivisive.Split> found = ChangePoints.splits(z, 0.01, 0.02, SplitTest.RANK_SUM);
        // then: in the whole series the largest statistic is the change of spread at 100, which
        // the rank test finds no change of level (p = 0.81), so the search stops there
        assertThat(whole.tau()).isEqualTo(100);
        assertThat(RankSumTest.p(z, 0, 100, 200)).isGreaterThan(0.5);
        assertThat(EDivisive.splits(z, 0.01, SplitTest.RANK_SUM)).isEmpty();
        // and the last 30 runs on their own show the step: 2 / C(30, 2) = 0.0046
        assertThat(found).containsExactly(new EDivisive.Split(198, 2.0 / 435));
    }

    private static ChangePoint at(int index, boolean worse) {
        return new ChangePoint(index, "r" + index, T0, 1, 1, 1, 1.1, 1.1, 1.1, 0.001, worse);
    }

    @Test
    void aWorseChangeAmongTheRecentRunsIsRaisedTheFirstTimeItIsSeen() {
        // given: 42 runs, a worse change at 40; the 41 before had none
        // then: raised
        assertThat(ChangePoints.raised(List.of(at(40, true)), 42, List.of(), 3))
                .isEqualTo(at(40, true));
        // and one run later, 43 runs, the 42 before already had it (at 40, or at 41 as it was
        // seen then): not again
        assertThat(ChangePoints.raised(List.of(at(40, true)), 43, List.of(at(40, true)), 3))
                .isNull();
        assertThat(ChangePoints.raised(List.of(at(40, true)), 43, List.of(at(41, true)), 3))
                .isNull();
        // and once it is older than the last 3 runs, it is the level
        assertThat(ChangePoints.raised(List.of(at(40, true)), 44, List.of(), 3)).isNull();
    }

    @Test
    void anImprovementIsNeverRaised() {
        assertThat(ChangePoints.raised(List.of(at(40, false)), 42, List.of(), 3)).isNull();
    }

    @Test
    void aSecondChangeSoonAfterTheFirstIsRaisedOnItsOwn() {
        // given: 47 runs, worse at 40 and again at 45; the 46 before had the first only, which
        // is older than their last 3 runs
        assertThat(
                        ChangePoints.raised(
                                List.of(at(40, true), at(45, true)), 47, List.of(at(40, true)), 3))
                .isEqualTo(at(45, true));
    }
}
