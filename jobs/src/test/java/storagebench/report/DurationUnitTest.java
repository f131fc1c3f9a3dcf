package storagebench.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DurationUnitTest {
    @Test
    void aBoundBelowOneUnitKeepsThreeSignificantDigits() {
        // a log-normal interval's lower bound, 41.2 µs, in a table of milliseconds
        assertThat(DurationUnit.MS.bound(0.0000412)).isEqualTo("0.0412");
        assertThat(DurationUnit.MS.format(0.0000412)).isEqualTo("0.0");
        // and bounds of a unit or more as the table's figures
        assertThat(DurationUnit.MS.bound(144.135)).isEqualTo("144135.0");
        assertThat(DurationUnit.S.bound(1.5)).isEqualTo("1.50");
        assertThat(DurationUnit.MS.bound(0.0)).isEqualTo("0.0");
    }
}
