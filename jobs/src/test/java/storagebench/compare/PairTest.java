package storagebench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** One arm against another, at the edges: a zero among the values, arms with no spread at all. */
class PairTest {
    private static Arm arm(double... values) {
        return Arm.of("a", Map.of(), values);
    }

    @Test
    void anArmWithAZeroHasNoLogsAndIsTestedByRanks() {
        // given
        Arm withZero = arm(0, 1, 2);
        Arm positive = arm(1, 2, 3);
        // when
        Pair pair = Pair.of(withZero, positive);
        // then
        assertThat(withZero.positive()).isFalse();
        assertThat(positive.positive()).isTrue();
        assertThat(pair.test()).isEqualTo(Pair.MANN_WHITNEY);
    }

    @Test
    void aMeanOfZeroHasNoIntervalOfTheRatio() {
        Pair pair = Pair.of(arm(0, 0, 0), arm(1, 2, 3));
        assertThat(pair.low()).isNull();
        assertThat(pair.high()).isNull();
    }

    @Test
    void armsWithoutSpreadDifferCertainlyOrNotAtAll() {
        // when: every trial of each arm the same value
        Pair apart = Pair.of(arm(2, 2, 2), arm(1, 1, 1));
        Pair same = Pair.of(arm(1, 1, 1), arm(1, 1, 1));
        // then
        assertThat(apart.test()).isEqualTo(Pair.WELCH);
        assertThat(apart.p()).isEqualTo(0.0);
        assertThat(same.p()).isEqualTo(1.0);
        // and no count of repetitions is given to detect a difference of nothing, or of infinity
        assertThat(Pair.repetitions(0.1, 0.1, 0)).isNull();
        assertThat(Pair.repetitions(0.1, 0.1, Double.POSITIVE_INFINITY)).isNull();
        assertThat(Pair.repetitions(0.1, 0.1, Math.log(2))).isPositive();
        assertThat(Pair.repetitions(0, 0, Math.log(2))).isEqualTo(2);
    }

    @Test
    void theRatioOfMediansIsOfEachArmsMedian() {
        assertThat(Pair.of(arm(1, 4, 9), arm(2, 2, 2)).ratioOfMedians()).isEqualTo(2.0);
        // and with one trial a side, where nothing is tested
        assertThat(Pair.of(arm(4), arm(2)).ratioOfMedians()).isEqualTo(2.0);
    }

    @Test
    void aDifferenceNotDetectedAsksForMoreRepetitionsThanItHad() {
        // given two inserts' durations 4.6 times apart, one side spread (CV 28%), n = 2 a side
        Pair pair = Pair.of(arm(0.3452, 0.5144), arm(0.0926, 0.0934));
        // then Welch's test, on its one degree of freedom, detects nothing
        assertThat(pair.p()).isGreaterThan(0.05);
        // and the repetitions that would settle it are more than it had (the normal approximation
        // said 2, which had just failed to)
        assertThat(pair.spread().settle()).isEqualTo(3);
        // and wherever Welch's test finds nothing in n a side, more than n would settle it
        java.util.Random random = new java.util.Random(7);
        int notDetected = 0;
        for (int i = 0; i < 2_000; i++) {
            int n = 2 + random.nextInt(6);
            double[] x = new double[n];
            double[] y = new double[n];
            for (int j = 0; j < n; j++) {
                x[j] = Math.exp(random.nextGaussian() * (0.05 + random.nextDouble()));
                y[j] = Math.exp(0.7 + random.nextGaussian() * (0.05 + random.nextDouble()));
            }
            Pair p = Pair.of(arm(x), arm(y));
            if (p.p() > 0.05) {
                notDetected++;
                assertThat(p.spread().settle()).as("n = %d, p = %f", n, p.p()).isGreaterThan(n);
            }
        }
        assertThat(notDetected).isGreaterThan(100);
    }
}
