package storagebench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apache.commons.statistics.inference.PValueMethod;
import org.junit.jupiter.api.Test;

/** The rank-sum test of a split, exact where a side is small. */
class RankSumTestTest {

    @Test
    void threeAboveThreeIsOneOrderingOfTwenty() {
        // given: [1, 2, 3] against [4, 5, 6]: U = 0, one ordering of C(6, 3) = 20 as extreme each
        // way
        double[] z = {1, 2, 3, 4, 5, 6};
        // then
        assertThat(RankSumTest.p(z, 0, 3, 6)).isCloseTo(2.0 / 20, within(1e-15));
    }

    @Test
    void twoRunsAboveAHundredAreFoundAsTheyAre() {
        // given: the last two of 100 values above all 98 before them
        double[] z = new double[100];
        for (int i = 0; i < 100; i++) {
            z[i] = i < 98 ? (i * 37 % 98) / 1000.0 : 1 + i;
        }
        // then: 2 / C(100, 2) = 2 / 4,950, where the normal approximation says 0.016
        assertThat(RankSumTest.p(z, 0, 98, 100)).isCloseTo(2.0 / 4950, within(1e-15));
    }

    @Test
    void runsTiedToTheMillisecondStillShowAChangeOfTwo() {
        // given: 118 runs of ten values, each repeated, then two runs tied with each other above
        // all
        double[] z = new double[120];
        for (int i = 0; i < 118; i++) {
            z[i] = 1 + (i % 10) / 1000.0;
        }
        z[118] = 1.2;
        z[119] = 1.2;
        // then: still the one ordering in C(120, 2) with both above (the normal approximation says
        // 0.016)
        assertThat(RankSumTest.p(z, 0, 118, 120)).isCloseTo(2.0 / 7140, within(1e-15));
    }

    @Test
    void anOutlierAmongTheLastTwoIsNoChange() {
        // given: 98 values around 1, then one like them and one 30% slower
        double[] z = new double[100];
        for (int i = 0; i < 98; i++) {
            z[i] = 1 + (i * 37 % 98 - 49) / 10_000.0;
        }
        z[98] = 1.0001;
        z[99] = 1.3;
        // then: the one like them ranks in the middle
        assertThat(RankSumTest.p(z, 0, 98, 100)).isGreaterThan(0.1);
    }

    @Test
    void itAgreesWithCommonsStatistics() {
        // given: random samples, the smaller side at most 10 (exact) or more (normal, ties too)
        SplittableRandom random = new SplittableRandom(5);
        for (int round = 0; round < 1000; round++) {
            int n1 = 1 + random.nextInt(14);
            int n2 = 1 + random.nextInt(60);
            boolean ties = round % 2 == 0;
            double[] z = new double[n1 + n2];
            for (int i = 0; i < z.length; i++) {
                z[i] =
                        (ties ? Math.floor(4 * random.nextDouble()) : random.nextGaussian())
                                + (i < n1 ? 1 : 0);
            }
            double[] x = Arrays.copyOfRange(z, 0, n1);
            double[] y = Arrays.copyOfRange(z, n1, z.length);
            boolean tied = Arrays.stream(z).distinct().count() < z.length;
            boolean small = Math.min(n1, n2) <= RankSumTest.EXACT_MAX;
            if (tied && small) {
                continue; // Commons Statistics has no exact p-value with ties
            }
            PValueMethod method = small ? PValueMethod.EXACT : PValueMethod.ASYMPTOTIC;
            // when
            double p = RankSumTest.p(z, 0, n1, z.length);
            // then
            double expected = MannWhitneyUTest.withDefaults().with(method).test(x, y).getPValue();
            assertThat(p)
                    .as("%s %s", Arrays.toString(x), Arrays.toString(y))
                    .isCloseTo(expected, within(1e-9 + 1e-9 * expected));
        }
    }

    @Test
    void oneValueRepeatedIsNoDifference() {
        assertThat(RankSumTest.p(new double[] {2, 2, 2, 2, 2}, 0, 2, 5)).isEqualTo(1.0);
    }

    @Test
    void aShortSeriesSaysHowLongAChangeMustLast() {
        // 8 runs: at best 2 / C(8, 4) = 0.029, no change can be significant at 0.01
        assertThat(RankSumTest.fewestAfter(8, 0.01)).isEqualTo(-1);
        // 12 runs: two apart at best 2 / C(12, 2) = 0.030, three 2 / C(12, 3) = 0.0091
        assertThat(RankSumTest.fewestAfter(12, 0.01)).isEqualTo(3);
        // 21 runs: two apart 2 / C(21, 2) = 0.0095
        assertThat(RankSumTest.fewestAfter(21, 0.01)).isEqualTo(2);
    }
}
