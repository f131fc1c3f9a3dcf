package storagebench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The verdict's words at each of its edges: two trials a side is enough for a test, p = 0.05 is not
 * a difference, an interval that touches 1 is not one either, and the ratio's digits change at ×10
 * and ×100.
 */
class VerdictTest {
    @Test
    void twoTrialsASideAreTestedOneIsNot() {
        assertThat(Verdict.of(pair(2, 2, 1.5, 1.2, 1.8, 0.01), 0.01, false, "duration"))
                .isEqualTo("slower by ×1.50 [×1.20, ×1.80], p = 0.010");
        assertThat(Verdict.of(pair(1, 2, 1.5, null, null, null), null, false, "duration"))
                .isEqualTo("n/a (n = 1): slower by ×1.50 as measured, no interval or test");
        assertThat(Verdict.of(pair(2, 1, 1.5, null, null, null), null, false, "duration"))
                .startsWith("n/a (n = 1)");
    }

    @Test
    void anAdjustedPOfExactlyAlphaIsNoDifference() {
        assertThat(Verdict.of(pair(5, 5, 1.5, 1.2, 1.8, 0.05), Verdict.ALPHA, false, "duration"))
                .startsWith("no difference detected (n = 5 vs 5, p = 0.050)");
        assertThat(Verdict.of(pair(5, 5, 1.5, 1.2, 1.8, 0.049), 0.049, false, "duration"))
                .startsWith("slower by ×1.50");
    }

    @Test
    void anIntervalThatTouchesOneIsNoDifference() {
        assertThat(Verdict.of(pair(5, 5, 1.5, 1.0, 1.8, 0.01), 0.01, false, "duration"))
                .startsWith("no difference detected");
        assertThat(Verdict.of(pair(5, 5, 0.7, 0.5, 1.0, 0.01), 0.01, false, "duration"))
                .startsWith("no difference detected");
        assertThat(Verdict.of(pair(5, 5, 0.7, 0.5, 0.9, 0.01), 0.01, false, "duration"))
                .isEqualTo("faster by ×1.43 [×1.11, ×2.00], p = 0.010");
    }

    @Test
    void aRatioHasThreeSignificantDigitsAcrossTenAndAHundred() {
        assertThat(Verdict.times(9.994)).isEqualTo("×9.99");
        assertThat(Verdict.times(10)).isEqualTo("×10.0");
        assertThat(Verdict.times(99.94)).isEqualTo("×99.9");
        assertThat(Verdict.times(100)).isEqualTo("×100");
        assertThat(Verdict.times(100.4)).isEqualTo("×100");
    }

    @Test
    void aPOfOneInAThousandIsPrinted() {
        assertThat(Verdict.pValue(0.001)).isEqualTo(", p = 0.001");
        assertThat(Verdict.pValue(0.000_999)).isEqualTo(", p < 0.001");
        assertThat(Verdict.pValue(null)).isEmpty();
        // near 0.05, as many decimals as tell the side: a difference is never shown at p = 0.050
        assertThat(Verdict.pValue(0.0496)).isEqualTo(", p = 0.0496");
        assertThat(Verdict.pValue(0.0504)).isEqualTo(", p = 0.0504");
        assertThat(Verdict.pValue(0.04999)).isEqualTo(", p = 0.04999");
        assertThat(Verdict.pValue(0.0499999)).isEqualTo(", p = 0.050000");
        assertThat(Verdict.pValue(Verdict.ALPHA)).isEqualTo(", p = 0.050");
        assertThat(Verdict.pValue(0.0549)).isEqualTo(", p = 0.055");
    }

    @Test
    void higherIsBetterReadsAsTheMetric() {
        assertThat(Verdict.of(pair(5, 5, 1.25, 1.1, 1.4, 0.01), 0.01, true, "nopm"))
                .isEqualTo("higher nopm (better) by ×1.25 [×1.10, ×1.40], p = 0.010");
        assertThat(Verdict.of(pair(1, 1, 1.0, null, null, null), null, true, "nopm"))
                .isEqualTo("n/a (n = 1): equal as measured, no interval or test");
    }

    /** A pair with means 1 and {@code ratio}, its interval and p. */
    private static Pair pair(
            long n, long baselineN, double ratio, Double low, Double high, Double p) {
        return new Pair(n, baselineN, ratio, 1.0, ratio, ratio, low, high, "t", p, null, null);
    }
}
