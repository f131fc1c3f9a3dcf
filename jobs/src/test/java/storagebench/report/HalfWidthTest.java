package storagebench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The half-width of the report's 95% interval, against t quantiles from published tables. */
class HalfWidthTest {
    @Test
    void isStudentsTTimesTheStandardError() {
        // t(0.975) for 1, 3 and 30 degrees of freedom: 12.7062, 3.1824, 2.0423; 1.9623 for 999
        assertThat(Report.halfWidth95(2, Math.sqrt(2))).isCloseTo(12.7062, within(1e-4));
        assertThat(Report.halfWidth95(4, 2.0)).isCloseTo(3.1824, within(1e-4));
        assertThat(Report.halfWidth95(31, Math.sqrt(31))).isCloseTo(2.0423, within(1e-4));
        assertThat(Report.halfWidth95(1000, Math.sqrt(1000))).isCloseTo(1.9623, within(1e-4));
    }

    @Test
    void isAbsentBelowTwoTrials() {
        assertThat(Report.halfWidth95(1, 0.0)).isNull();
        assertThat(Report.halfWidth95(5, null)).isNull();
    }
}
