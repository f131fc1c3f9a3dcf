package storagebench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The validation table, on a few series: its shape, and what the change point method promises. */
class ChangePointValidationTest {

    @Test
    void theTableHasEachMeasureOfEachGroupForEachMethod() {
        // when
        ChangePointValidation v = ChangePointValidation.of(SyntheticSeries.validation(2026, 12));
        String table = v.markdown();
        // then
        assertThat(table)
                .startsWith(
                        "| series | measure | changepoint | changepoint, Student's t | window | goal |\n"
                                + "|---|---|---|---|---|---|\n"
                                + "| no change, noise 1–5% (4 series, ");
        assertThat(v.rows()).hasSize(15);
        assertThat(v.rows())
                .allSatisfy(
                        r -> assertThat(r.figures()).hasSize(SeriesReplay.Method.values().length));
        // an improvement is never raised as a regression by change points
        assertThat(v.rows())
                .filteredOn(r -> r.measure().startsWith("regression raised within 5 runs after"))
                .singleElement()
                .satisfies(
                        r ->
                                assertThat(r.figures().get(SeriesReplay.Method.CHANGEPOINT))
                                        .isEqualTo("0.0%"));
        // the window method has no change points of the whole series
        assertThat(v.rows())
                .filteredOn(r -> r.measure().contains("whole series"))
                .allSatisfy(
                        r ->
                                assertThat(r.figures().get(SeriesReplay.Method.WINDOW))
                                        .isEqualTo("—"));
    }
}
