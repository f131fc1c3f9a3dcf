package storagebench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import storagebench.BadInputException;

/** The options of {@code trend}, each bad value refused with its option and why. */
class TrendOptionsTest {

    @Test
    void theDefaultsAreChangePointsAtOnePercentTwoPercentAndThreeRuns() {
        assertThat(TrendOptions.DEFAULT)
                .isEqualTo(new TrendOptions(TrendMethod.CHANGEPOINT, 0.01, 0.02, 3, 5));
    }

    @Test
    void badValuesAreRefusedWithTheOptionAndTheReason() {
        assertThatThrownBy(() -> new TrendOptions(TrendMethod.CHANGEPOINT, 1, 0.02, 3, 5))
                .isInstanceOf(BadInputException.class)
                .hasMessage("--p: a level between 0 and 1 (exclusive), got 1.0");
        assertThatThrownBy(() -> new TrendOptions(TrendMethod.CHANGEPOINT, 0, 0.02, 3, 5))
                .hasMessageStartingWith("--p: ");
        assertThatThrownBy(() -> new TrendOptions(TrendMethod.CHANGEPOINT, Double.NaN, 0.02, 3, 5))
                .hasMessageStartingWith("--p: ");
        assertThatThrownBy(() -> new TrendOptions(TrendMethod.CHANGEPOINT, 0.01, -0.01, 3, 5))
                .isInstanceOf(BadInputException.class)
                .hasMessage("--min-magnitude: a change of 0% or more, got -1.0%");
        assertThatThrownBy(() -> new TrendOptions(TrendMethod.CHANGEPOINT, 0.01, 0.02, 0, 5))
                .isInstanceOf(BadInputException.class)
                .hasMessage("--recent: at least 1 run, got 0");
        assertThatThrownBy(() -> new TrendOptions(TrendMethod.WINDOW, 0.01, 0.02, 3, 0))
                .isInstanceOf(BadInputException.class)
                .hasMessage("--window: at least 1, got 0");
        assertThatThrownBy(() -> TrendMethod.of("cusum"))
                .isInstanceOf(BadInputException.class)
                .hasMessage("--method: changepoint or window, got 'cusum'");
    }

    @Test
    void methodsAreNamedAsOnTheCommandLine() {
        assertThat(TrendMethod.of(" Window ")).isEqualTo(TrendMethod.WINDOW);
        assertThat(TrendMethod.of("changepoint").label()).isEqualTo("changepoint");
    }
}
