package storagebench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A skewed sample of positive values (eleven ~10 ms creations and one of 9.5 s) whose normal interval
 * reaches below zero gets the log-normal one instead. Expected figures from SciPy 1.17: the normal
 * interval 0.80125 ± t(0.975, 11)·2.73940/√12 = [−0.93928, 2.54178]; the logs' mean −4.001818 and
 * variance 3.897104; Cox's interval exp(m + s²/2 ± t·√(s²/n + s⁴/(2(n−1)))) = [0.0139706, 1.178532].
 */
class SkewedIntervalTest {
    private static final VariantStats SKEWED =
            new VariantStats(
                    "e1",
                    "h1",
                    "",
                    "init=zero",
                    Map.of("init", "zero"),
                    "create",
                    VariantStats.DURATION,
                    null,
                    0,
                    null,
                    12,
                    0.80125,
                    2.7393961884460465 * 2.7393961884460465,
                    0.0105,
                    0.008,
                    9.5,
                    5.0,
                    -4.001818091019027,
                    3.8971041844838443,
                    0,
                    0);

    @Test
    void aPositiveSampleNeverShowsANegativeBound() {
        // when
        SummaryRow row = Report.summary(List.of(SKEWED)).get(0);
        // then
        assertThat(row.mean() - row.ci95()).isCloseTo(-0.93928, within(1e-4));
        assertThat(row.logScale()).isTrue();
        assertThat(row.ciLow()).isCloseTo(0.0139706, within(1e-6));
        assertThat(row.ciHigh()).isCloseTo(1.178532, within(1e-5));
        assertThat(row.warning()).doesNotContain("few trials").contains("log-normal");
    }

    @Test
    void theTextReportGivesTheBoundsInTheTablesUnit() {
        // when
        String text = TextTable.render(Report.summary(List.of(SKEWED)));
        // then
        assertThat(text)
                .contains(
                        "note: e1 · h1 · init=zero · create: skewed values (n = 12): the normal"
                                + " interval would reach below zero, so the interval is the"
                                + " log-normal one, [14.0, 1178.5] ms");
    }

    @Test
    void valuesWithoutLogsKeepTheNormalIntervalCutAtZero() {
        // given: a row without its logs' statistics (a value at zero)
        SummaryRow row =
                new SummaryRow(
                        "e1", "h1", "", "v", "s", 3, 1.0, 0.5, 2.0, 0.0, 3.0, 3.0, 4.97, 0, 0,
                        Map.of(), Map.of(), null, null);
        // then
        assertThat(row.logScale()).isFalse();
        assertThat(row.ciLow()).isZero();
        assertThat(row.warning()).contains("cut there");
    }
}
