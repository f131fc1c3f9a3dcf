package storagebench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import storagebench.report.TrialValue;

/** {@code trend}'s default method: change points, and a regression raised once. */
class ChangePointTrendTest {
    private static final Instant T0 = Instant.parse("2026-10-01T02:30:00Z");

    /**
     * {@code runs} nightly runs of five trials, 1% run-to-run and 1% trial noise from a fixed seed,
     * the level times {@code factor} from run {@code at} on.
     */
    private static List<TrialValue> nights(int runs, int at, double factor, String configuration) {
        SplittableRandom random = new SplittableRandom(30);
        List<TrialValue> trials = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
            double level = (r >= at ? factor : 1) * (1 + 0.01 * random.nextGaussian());
            for (int t = 0; t < 5; t++) {
                trials.add(
                        new TrialValue(
                                "nightly",
                                "vm",
                                r < runs / 2 ? configuration : "",
                                String.format("r%02d", r),
                                "init=zero",
                                Map.of("init", "zero"),
                                "create",
                                trials.size(),
                                T0.plusSeconds(86_400L * r + t),
                                level * (1 + 0.01 * random.nextGaussian())));
            }
        }
        return trials;
    }

    @Test
    void aStepAtRun40Of60IsOneRegressionWhenCheckedAfterEveryRun() {
        // given: 10% slower from run 40 on
        List<TrialValue> all = nights(60, 40, 1.10, "");
        // when: trend after each run, as the scheduled check runs it
        List<Integer> raisedAfter = new ArrayList<>();
        for (int k = 1; k <= 60; k++) {
            Trend t = Trends.of(all.subList(0, 5 * k), "duration", TrendOptions.DEFAULT).get(0);
            if (t.regression()) {
                raisedAfter.add(k);
                assertThat(t.changePoints()).extracting(ChangePoint::index).contains(40);
                assertThat(t.verdict())
                        .startsWith("REGRESSION: ×1.")
                        .contains(" slower since run r40 2026-11-10 02:30 (");
            }
        }
        // then: once, within three runs of the step; not the twenty runs after it
        assertThat(raisedAfter).hasSize(1);
        assertThat(raisedAfter.get(0)).isBetween(42, 43);
        // and the whole series shows the change where it is
        Trend t = Trends.of(all, "duration", TrendOptions.DEFAULT).get(0);
        assertThat(t.changePoints()).extracting(ChangePoint::index).containsExactly(40);
        assertThat(t.changePoints().get(0).worse()).isTrue();
        assertThat(t.regression()).isFalse();
        assertThat(t.verdict())
                .startsWith("latest change: ×1.")
                .contains(" slower since run r40 ")
                .endsWith("; no regression");
        assertThat(t.method()).isEqualTo("changepoint");
        assertThat(t.window()).isEqualTo(59);
    }

    @Test
    void anImprovementIsReportedAsSuchNeverAsARegression() {
        // given: 10% faster from run 40 on
        List<TrialValue> all = nights(60, 40, 0.90, "");
        // when
        int raised = 0;
        for (int k = 1; k <= 60; k++) {
            if (Trends.of(all.subList(0, 5 * k), "duration", TrendOptions.DEFAULT)
                    .get(0)
                    .regression()) {
                raised++;
            }
        }
        Trend t = Trends.of(all, "duration", TrendOptions.DEFAULT).get(0);
        // then
        assertThat(raised).isZero();
        assertThat(t.changePoints()).hasSize(1);
        assertThat(t.changePoints().get(0).worse()).isFalse();
        assertThat(t.verdict())
                .matches("latest change: ×1\\.\\d\\d faster since run r40 .*; no regression");
    }

    @Test
    void aSteadySeriesSaysSo() {
        // when
        Trend t = Trends.of(nights(30, -1, 1, ""), "duration", TrendOptions.DEFAULT).get(0);
        // then
        assertThat(t.changePoints()).isEmpty();
        assertThat(t.verdict()).isEqualTo("no change point in 30 runs; no regression");
        assertThat(t.p()).isNull();
        assertThat(t.test()).isEqualTo(ChangePointTrend.TEST);
    }

    @Test
    void aShortSeriesSaysHowLongAChangeMustLastToBeFound() {
        assertThat(
                        Trends.of(nights(12, -1, 1, ""), "duration", TrendOptions.DEFAULT)
                                .get(0)
                                .verdict())
                .isEqualTo(
                        "no change point in 12 runs; no regression (with 12 runs a change shows"
                                + " after 3 runs at its level)");
        assertThat(
                        Trends.of(nights(6, -1, 1, ""), "duration", TrendOptions.DEFAULT)
                                .get(0)
                                .verdict())
                .isEqualTo(
                        "no change point in 6 runs; no regression (with 6 runs no change can reach"
                                + " p < 0.01: --method window judges the latest run by its trials)");
    }

    @Test
    void onlyTheLatestConfigurationsRunsAreAnalysed() {
        // given: the first 30 runs of another configuration, 10% slower from run 40 on
        List<TrialValue> all = nights(60, 40, 1.10, "rows=10");
        // when
        Trend t = Trends.of(all, "duration", TrendOptions.DEFAULT).get(0);
        // then: the change at 40 found among runs 30 to 59, its index counted in all 60
        assertThat(t.runs()).hasSize(60);
        assertThat(t.window()).isEqualTo(29);
        assertThat(t.changePoints()).extracting(ChangePoint::index).containsExactly(40);
        assertThat(t.changePoints().get(0).meanBefore()).isBetween(0.98, 1.02);
    }
}
