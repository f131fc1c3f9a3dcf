package storagebench.logformat.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class FioTimeTest {

    @ParameterizedTest
    @CsvSource({
        "2, 2000",
        "' 2 ', 2000",
        "2s, 2000",
        "500ms, 500",
        "500MSEC, 500",
        "2500us, 2",
        "3usec, 0",
        "10m, 600000",
        "1h, 3600000",
        "1d, 86400000",
        "1-5, 1000",
        "2s:4s, 2000"
    })
    void readsAWholeNumberInItsUnitSecondsWithoutOne(String value, long millis) {
        assertThat(FioTime.millis(value)).isEqualTo(millis);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "soon", "1.5s", "2sec", "-3", "${RAMP}"})
    void whatIsNotATimeIsNothing(String value) {
        assertThat(FioTime.millis(value)).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"999999999999d", "999999999999999999"})
    void aTimeBeyondAnyClockIsRefused(String value) {
        assertThatThrownBy(() -> FioTime.millis(value)).isInstanceOf(ArithmeticException.class);
    }
}
