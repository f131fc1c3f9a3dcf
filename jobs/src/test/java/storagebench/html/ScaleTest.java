package storagebench.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScaleTest {
    @Test
    void theUnitIsTheLargestInWhichTheLargestValueIsStillTen() {
        assertThat(Scale.forSeconds(List.of(12.0, 0.1))).isEqualTo(Scale.S);
        assertThat(Scale.forSeconds(Arrays.asList(0.5, null))).isEqualTo(Scale.MS);
        assertThat(Scale.forSeconds(List.of(0.002))).isEqualTo(Scale.US);
        assertThat(Scale.forSeconds(List.of())).isEqualTo(Scale.US);
        assertThat(Scale.MS.format(0.5)).isEqualTo("500");
    }

    @Test
    void numbersHaveThreeSignificantDigitsAndNoTrailingZeros() {
        assertThat(Scale.significant(0.004)).isEqualTo("0.004");
        assertThat(Scale.significant(12.345)).isEqualTo("12.3");
        assertThat(Scale.significant(1234.5)).isEqualTo("1230");
        assertThat(Scale.significant(2.0)).isEqualTo("2");
        assertThat(Scale.significant(0.00001234)).isEqualTo("1.2e-05");
        assertThat(Scale.significant(Double.NaN)).isEmpty();
    }
}
