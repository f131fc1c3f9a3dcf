package storagebench.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static storagebench.schedule.SeriesFixture.at;
import static storagebench.schedule.SeriesFixture.runs;
import static storagebench.schedule.SeriesFixture.trend;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.compare.ChangePoint;
import storagebench.compare.Trend;
import storagebench.compare.TrendOptions;
import storagebench.compare.Trends;
import storagebench.events.Regression;
import storagebench.report.TrialValue;
import storagebench.report.TrialsFixture;

/** The check after each run: a change point in the worse direction is one Regression, once. */
class RegressionCheckTest {
    private static final Instant NOW = Instant.parse("2026-12-31T00:00:00Z");

    /**
     * The series' first {@code n} runs as the change-point method judges them after run {@code n}:
     * the step at run 40 (r39) is found once two runs stand on the new level; a regression while it
     * lies within the last 3 runs and was not one a run earlier (the contract of {@code
     * Trend.regression()}).
     */
    private static Trend judged(double[] all, int n) {
        double[] means = Arrays.copyOf(all, n);
        List<Trend.RunMean> runs = runs(means);
        Optional<ChangePoint> cp = changePoint(runs, n);
        boolean recent = cp.isPresent() && cp.get().index() >= n - RegressionCheck.RECENT;
        Optional<ChangePoint> before = n > 1 ? changePoint(runs, n - 1) : Optional.empty();
        boolean before3 =
                before.isPresent() && before.get().index() >= n - 1 - RegressionCheck.RECENT;
        return trend(runs, cp.stream().toList(), recent && !before3);
    }

    private static Optional<ChangePoint> changePoint(List<Trend.RunMean> runs, int n) {
        if (n < 41) {
            return Optional.empty();
        }
        return Optional.of(at(runs, 39, 1.0, 1.3));
    }

    private static double[] stepAt40Of60() {
        double[] means = new double[60];
        for (int i = 0; i < 60; i++) {
            means[i] = (i < 39 ? 1.0 : 1.3) + 0.01 * ((i * 7) % 5 - 2);
        }
        return means;
    }

    /**
     * {@code runs} nights of 5 trials each, {@code before} seconds each until night {@code step}
     * (1-based) and {@code after} from it on, with a few percent of noise from a fixed seed.
     */
    private static List<TrialValue> nights(int runs, int step, double before, double after) {
        java.util.Random noise = new java.util.Random(30);
        List<TrialValue> values = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
            double level = r + 1 < step ? before : after;
            for (int t = 0; t < 5; t++) {
                values.add(
                        new TrialValue(
                                "nightly-e",
                                "vm",
                                "",
                                String.format(java.util.Locale.ROOT, "r%02d", r),
                                "v",
                                java.util.Map.of(),
                                "create",
                                t,
                                SeriesFixture.T0.plusSeconds(86_400L * r + t),
                                level * (1 + 0.03 * noise.nextGaussian())));
            }
        }
        return values;
    }

    /** The check after each night, as serve makes it: trend's change points over the nights so far. */
    private static List<Regression> replay(List<TrialValue> values, int runs) {
        List<Regression> raised = new ArrayList<>();
        for (int n = 1; n <= runs; n++) {
            String latest = String.format(java.util.Locale.ROOT, "r%02d", n - 1);
            List<TrialValue> sofar =
                    values.stream().filter(v -> v.runId().compareTo(latest) <= 0).toList();
            raised.addAll(
                    RegressionCheck.of(
                            Trends.of(sofar, "duration", TrendOptions.DEFAULT),
                            "nightly",
                            latest,
                            NOW));
        }
        return raised;
    }

    @Test
    void aReplayOf60NightsWithAStepAtNight40RaisesOneRegression() {
        // when: the check after each of 60 nights, 10% slower from night 40 on
        List<Regression> raised = replay(nights(60, 40, 1.0, 1.1), 60);
        // then: one event, at night 40, found within the 3 nights after it
        assertThat(raised).hasSize(1);
        assertThat(raised.get(0).getChangePointRunId()).isEqualTo("r39");
        assertThat(raised.get(0).getRunId()).isBetween("r39", "r41");
        assertThat(raised.get(0).getChange()).isBetween(0.07, 0.13);
    }

    @Test
    void aMonthOfNoisyNightsRaisesNothing() {
        assertThat(replay(nights(30, 99, 1.0, 1.0), 30)).isEmpty();
    }

    /** As the replay above, on trends made to the contract, to pin the event's fields. */
    @Test
    void aStepAtRun40Of60RaisesOneRegressionNotTwenty() {
        // given
        double[] means = stepAt40Of60();
        // when: the check after each of the 60 runs
        List<Regression> raised = new ArrayList<>();
        for (int n = 1; n <= 60; n++) {
            raised.addAll(
                    RegressionCheck.of(List.of(judged(means, n)), "nightly", "r" + (n - 1), NOW));
        }
        // then: one event, for the change point at run 40 (r39), found after run 41 (r40)
        assertThat(raised).hasSize(1);
        Regression r = raised.get(0);
        assertThat(r.getRunId()).isEqualTo("r40");
        assertThat(r.getChangePointRunId()).isEqualTo("r39");
        assertThat(r.getEventId()).isEqualTo("r39/regression/nightly/vm/create/v/duration");
        assertThat(RegressionCheck.key(r)).isEqualTo("r39");
        assertThat(r.getMethod()).isEqualTo("changepoint");
        assertThat(r.getWindowMean()).isEqualTo(1.0);
        assertThat(r.getLatestMean()).isEqualTo(1.3);
        assertThat(r.getChange()).isCloseTo(0.3, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(r.getBeforeLow()).isEqualTo(0.98);
        assertThat(r.getAfterHigh()).isCloseTo(1.326, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(r.getPValue()).isEqualTo(0.001);
        assertThat(r.getConfirmed()).isNull();
        assertThat(r.getRerunId()).isNull();
        assertThat(r.getWindowRuns()).hasSize(RegressionCheck.BEFORE_RUNS).endsWith("r38");
        assertThat(r.getVerdict())
                .startsWith("REGRESSION: ×1.30 slower since run r39 2026-12-10 02:00: mean 1.000")
                .contains("mean 1.000 [0.9800, 1.020] before, 1.300 [1.274, 1.326] from it on")
                .endsWith("p = 0.001");
    }

    @Test
    void aSecondCheckOfTheSameChangePointMakesTheSameEvent() {
        // given: the check after run 41 made twice (a replay, a continuation after a kill)
        double[] means = stepAt40Of60();
        // when
        List<Regression> first =
                RegressionCheck.of(List.of(judged(means, 41)), "nightly", "r40", NOW);
        List<Regression> again =
                RegressionCheck.of(
                        List.of(judged(means, 41)), "nightly", "r40", NOW.plusSeconds(60));
        // then: the same id, keyed by the same run: the sink keeps one
        assertThat(again)
                .extracting(Regression::getEventId)
                .isEqualTo(first.stream().map(Regression::getEventId).toList());
        assertThat(RegressionCheck.key(again.get(0))).isEqualTo(RegressionCheck.key(first.get(0)));
    }

    @Test
    void aMonthOfNoiseRaisesNothing() {
        // given: 30 nightly runs around one level, no change point found
        double[] means = new double[30];
        for (int i = 0; i < 30; i++) {
            means[i] = 1.0 + 0.03 * Math.sin(i * 1.7);
        }
        // when
        List<Regression> raised = new ArrayList<>();
        for (int n = 1; n <= 30; n++) {
            raised.addAll(
                    RegressionCheck.of(
                            List.of(trend(runs(Arrays.copyOf(means, n)), List.of(), false)),
                            "nightly",
                            "r" + (n - 1),
                            NOW));
        }
        // then
        assertThat(raised).isEmpty();
    }

    @Test
    void anImprovementIsNeverARegression() {
        // given: faster from run 20 on, even where a trend calls it a regression
        List<Trend.RunMean> runs = runs(new double[22]);
        ChangePoint faster = at(runs, 20, 1.3, 1.0);
        // when
        List<Regression> raised =
                RegressionCheck.of(
                        List.of(trend(runs, List.of(faster), true)), "nightly", "r21", NOW);
        // then
        assertThat(faster.worse()).isFalse();
        assertThat(raised).isEmpty();
    }

    @Test
    void aStepAHeadlineMetricMeasuresIsJudgedByItNotByItsLength(@TempDir Path parquet)
            throws Exception {
        // given: 12 scheduled runs; the progress intervals' tpm is steady, while their length steps
        // from 1.0 to 1.5 s at r08 (a longer set interval, not a slower database); a load step has
        // no headline metric
        TrialsFixture fixture = new TrialsFixture();
        List<String> runs = new ArrayList<>();
        for (int r = 0; r < 12; r++) {
            String run = String.format("r%02d", r);
            runs.add(run);
            fixture.pgbenchNight(run, 10 * r, 2.0, r < 8 ? 1.0 : 1.5, 60_000);
        }
        fixture.write(parquet, "nightly", "2026-11-30", "trials");
        // when
        List<Trend> trends = RegressionCheck.trends(parquet, "nightly", runs, 5);
        // then: the load by its duration, the progress by its tpm; nothing raised
        assertThat(trends)
                .extracting(t -> t.step() + " " + t.metric())
                .containsExactly("load duration", "progress tpm");
        assertThat(RegressionCheck.of(trends, "nightly", "r11", NOW)).isEmpty();
    }

    @Test
    void onlyTheSeriesWhoseLatestRunIsTheJudgedOneCount() {
        // given: a regression of a series the judged run has no trial in
        List<Trend.RunMean> runs = runs(new double[] {1, 1, 1, 1, 1.3, 1.3});
        Trend t = trend(runs, List.of(at(runs, 4, 1.0, 1.3)), true);
        // when / then
        assertThat(RegressionCheck.of(List.of(t), "nightly", "r5", NOW)).hasSize(1);
        assertThat(RegressionCheck.of(List.of(t), "nightly", "r9", NOW)).isEmpty();
    }

    @Test
    void theRaisedChangePointIsTheLatestWorseOneWithinTheLastRuns() {
        // given: an old step up, a step down, and a recent step up again
        List<Trend.RunMean> runs = runs(new double[30]);
        List<ChangePoint> points =
                List.of(at(runs, 10, 1.0, 1.3), at(runs, 18, 1.3, 1.0), at(runs, 28, 1.0, 1.2));
        // when
        Regression r =
                RegressionCheck.of(List.of(trend(runs, points, true)), "nightly", "r29", NOW)
                        .get(0);
        // then: the runs before it are those of its segment, from the step down on
        assertThat(r.getChangePointRunId()).isEqualTo("r28");
        assertThat(r.getWindowRuns()).first().isEqualTo("r18");
        assertThat(r.getWindowRuns()).hasSize(10);
    }
}
