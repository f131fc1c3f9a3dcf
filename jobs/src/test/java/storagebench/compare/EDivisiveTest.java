package storagebench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** E-Divisive means pinned to series whose statistic and split are worked out by hand. */
class EDivisiveTest {

    @Test
    void twoLevelsOfTwoSplitBetweenThem() {
        // given: X = [0, 0], Y = [2, 2], the only split with two values a side (τ = 2, κ = 4)
        double[] z = {0, 0, 2, 2};
        // when
        EDivisive.Candidate c = EDivisive.candidate(z, 0, z.length);
        // then: Σ|Xi − Yj| = 4 pairs × 2 = 8, no spread within either side:
        // Q = 2/(n+m) · 8 = 2/4 · 8 = 4
        assertThat(c.tau()).isEqualTo(2);
        assertThat(c.q()).isEqualTo(4.0);
    }

    @Test
    void theSecondSideMayEndBeforeTheInterval() {
        // given: a short bump, [0, 0 | 2, 2 | 0]
        double[] z = {0, 0, 2, 2, 0};
        // when
        EDivisive.Candidate c = EDivisive.candidate(z, 0, z.length);
        // then: Q(2, 4) = 4 as above; Q(2, 5) with Y = [2, 2, 0]:
        //   cross = 2·2 + 2·2 + 0 + 0 = 8, within Y = |2−2| + |2−0| + |2−0| = 4, n = 2, m = 3:
        //   2/5 · 8 − 2·3/(5·1) · 0 − 2·2/(5·2) · 4 = 3.2 − 1.6 = 1.6
        // Q(3, 5) with X = [0, 0, 2], Y = [2, 0]: cross = 2+0+2+0+0+2 = 6, within X = 4, within Y =
        // 2:
        //   2/5 · 6 − 2·2/(5·2) · 4 − 2·3/(5·1) · 2 = 2.4 − 1.6 − 2.4 = −1.6
        assertThat(EDivisive.q(z, 0, 2, 5)).isCloseTo(1.6, within(1e-12));
        assertThat(EDivisive.q(z, 0, 3, 5)).isCloseTo(-1.6, within(1e-12));
        // so the best split is at 2 with κ = 4, the bump's end
        assertThat(c.tau()).isEqualTo(2);
        assertThat(c.q()).isEqualTo(4.0);
    }

    @Test
    void theStatisticHasItsThreeTerms() {
        // given: X = [1, 3], Y = [2, 6, 8]
        double[] z = {1, 3, 2, 6, 8};
        // then: cross = |1−2|+|1−6|+|1−8|+|3−2|+|3−6|+|3−8| = 1+5+7+1+3+5 = 22, within X = 2,
        // within Y = 4+6+2 = 12; n = 2, m = 3:
        // 2/5 · 22 − 2·3/(5·1) · 2 − 2·2/(5·2) · 12 = 8.8 − 2.4 − 4.8 = 1.6
        assertThat(EDivisive.q(z, 0, 2, 5)).isCloseTo(1.6, within(1e-12));
    }

    @Test
    void aStepOfTenRunsIsSplitWhereItIsAndNowhereElse() {
        // given: ten values 1.000 to 1.009 in a shuffled order, then the same ten plus one
        double[] z = {
            1.003, 1.007, 1.001, 1.009, 1.005, 1.000, 1.008, 1.002, 1.006, 1.004, //
            2.003, 2.007, 2.001, 2.009, 2.005, 2.000, 2.008, 2.002, 2.006, 2.004
        };
        // when
        EDivisive.Candidate c = EDivisive.candidate(z, 0, z.length);
        // then: at τ = 10, κ = 20 every cross pair is 1 apart on average: cross = 100; within each
        // side Σ|i − k| · 0.001 over the offsets 0..9 = 0.165; n = m = 10:
        // Q = 2/20 · 100 − 2·10/(20·9) · 0.165 · 2 = 10 − 0.0367 = 9.9633
        assertThat(c.tau()).isEqualTo(10);
        assertThat(c.q()).isCloseTo(10 - 0.33 / 9, within(1e-9));
        // and the rank-sum test: every value after above every value before, U = 0, the one
        // ordering of C(20, 10) = 184,756 either way: p = 2 / 184,756 = 1.08e-5
        assertThat(EDivisive.splits(z, 0.01, SplitTest.RANK_SUM))
                .containsExactly(new EDivisive.Split(10, 2.0 / 184_756));
    }

    @Test
    void tooShortASeriesHasNoCandidate() {
        assertThat(EDivisive.candidate(new double[] {1, 2, 3}, 0, 3)).isNull();
        assertThat(EDivisive.splits(new double[] {1, 2, 3}, 0.01, SplitTest.RANK_SUM)).isEmpty();
    }

    @Test
    void theIncrementalStatisticIsTheDefinitionsLargest() {
        // given: random intervals, some values tied
        SplittableRandom random = new SplittableRandom(9);
        for (int round = 0; round < 500; round++) {
            double[] z = new double[4 + random.nextInt(30) + 4];
            for (int i = 0; i < z.length; i++) {
                z[i] = random.nextInt(3) == 0 ? random.nextInt(4) : random.nextGaussian();
            }
            int start = random.nextInt(3);
            int end = z.length - random.nextInt(2);
            // when
            EDivisive.Candidate c = EDivisive.candidate(z, start, end);
            // then: the largest Q(τ, κ) over every split with two values a side, computed by its
            // definition in O(m³)
            double best = Double.NEGATIVE_INFINITY;
            for (int kappa = start + 4; kappa <= end; kappa++) {
                for (int tau = start + 2; tau <= kappa - 2; tau++) {
                    best = Math.max(best, EDivisive.q(z, start, tau, kappa));
                }
            }
            assertThat(c.q()).isCloseTo(best, within(1e-9));
        }
    }
}
