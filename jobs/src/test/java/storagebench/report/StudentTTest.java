package storagebench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StudentTTest {
    @Test
    void criticalValuesComeFromTheTableThenTheNormalDistribution() {
        // given degrees of freedom inside and beyond the table

        // when / then
        assertThat(StudentT.critical95(1)).isEqualTo(12.7062);
        assertThat(StudentT.critical95(3)).isCloseTo(3.182, within(1e-3));
        assertThat(StudentT.critical95(30)).isEqualTo(2.0423);
        assertThat(StudentT.critical95(31)).isEqualTo(1.96);
        assertThatThrownBy(() -> StudentT.critical95(0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void halfWidthNeedsTwoSamples() {
        // given
        double stddev = 2.0;

        // when
        Double one = StudentT.halfWidth95(1, null);
        Double four = StudentT.halfWidth95(4, stddev);

        // then t(3) × s / √n
        assertThat(one).isNull();
        assertThat(four).isCloseTo(3.1824 * 2.0 / 2.0, within(1e-9));
    }
}
