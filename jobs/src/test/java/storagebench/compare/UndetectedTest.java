package storagebench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** When "no difference detected" needs a reason beside it: means more than ×2 apart. */
class UndetectedTest {
    /** Two arms of three trials whose means are {@code x} and {@code y}. */
    private static Pair pair(double x, double y) {
        return Pair.of(
                Arm.of("x", Map.of(), new double[] {x, 1.5 * x, 0.5 * x}),
                Arm.of("y", Map.of(), new double[] {y, 1.5 * y, 0.5 * y}));
    }

    @Test
    void meansExactlyTwiceApartNeedNoReason() {
        assertThat(pair(2, 1).ratioOfMeans()).isEqualTo(2.0);
        assertThat(Undetected.why(pair(2, 1))).isNull();
        assertThat(Undetected.why(pair(1, 2))).isNull();
        assertThat(Undetected.why(pair(1, 1))).isNull();
    }

    @Test
    void meansMoreThanTwiceApartEitherWayAreSaidWithTheirRatio() {
        assertThat(Undetected.why(pair(2.5, 1)))
                .startsWith(": the means differ by ×2.50, but with n = 3 per side");
        assertThat(Undetected.why(pair(1, 2.5)))
                .startsWith(": the means differ by ×2.50, but with n = 3 per side");
    }

    @Test
    void aMeanOfZeroHasNoRatioToSpeakOf() {
        assertThat(Undetected.why(pair(0, 1))).isNull();
    }
}
