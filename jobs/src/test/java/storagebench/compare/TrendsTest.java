package storagebench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.report.TrialValue;

/** The window method: the latest run against the runs before it. */
class TrendsTest {
    private final List<TrialValue> trials = new ArrayList<>();

    private void run(String runId, int day, String metric, double... values) {
        runIn("", runId, day, metric, values);
    }

    private void runIn(
            String configuration, String runId, int day, String metric, double... values) {
        for (double v : values) {
            trials.add(
                    new TrialValue(
                            "nightly",
                            "vm",
                            configuration,
                            runId,
                            "init=zero",
                            Map.of("init", "zero"),
                            metric,
                            trials.size(),
                            Instant.parse("2026-11-01T02:00:00Z").plusSeconds(86_400L * day),
                            v));
        }
    }

    @Test
    void aClearlySlowerLatestRunIsARegression() {
        // given: three steady nights, then a slow one (runs listed out of time order)
        run("r4", 4, "create", 1.50, 1.52, 1.49, 1.55, 1.51);
        run("r1", 1, "create", 1.00, 1.02, 0.99, 1.01, 1.03);
        run("r2", 2, "create", 1.01, 0.98, 1.00, 1.02, 0.99);
        run("r3", 3, "create", 0.99, 1.01, 1.00, 1.03, 1.00);
        // when
        Trend t = Trends.of(trials, "duration", TrendOptions.window(5)).get(0);
        // then
        assertThat(t.runs())
                .extracting(Trend.RunMean::runId)
                .containsExactly("r1", "r2", "r3", "r4");
        assertThat(t.window()).isEqualTo(3);
        assertThat(t.regression()).isTrue();
        assertThat(t.p()).isLessThan(0.01);
        assertThat(t.verdict())
                .startsWith("REGRESSION: latest run r4 +50.6% against the mean of the 3 run(s)");
    }

    @Test
    void aLatestRunLikeTheOthersIsNone() {
        run("r1", 1, "create", 1.00, 1.02, 0.99, 1.01, 1.03);
        run("r2", 2, "create", 1.01, 0.98, 1.00, 1.02, 0.99);
        run("r3", 3, "create", 0.99, 1.01, 1.00, 1.03, 1.02);
        // when
        Trend t = Trends.of(trials, "duration", TrendOptions.window(5)).get(0);
        // then
        assertThat(t.regression()).isFalse();
        assertThat(t.verdict())
                .endsWith("; no regression")
                .contains("latest run r3")
                .contains("(p = ")
                .doesNotContain("configuration");
    }

    @Test
    void theRunsOfAnotherConfigurationAreLeftOutAndTheVerdictSaysWhichItJudged() {
        // given: a slow configuration, then two runs of another
        runIn("rows=1000", "r1", 1, "create", 5.0, 5.1, 5.2);
        runIn("rows=10", "r2", 2, "create", 1.0, 1.1, 1.0);
        runIn("rows=10", "r3", 3, "create", 1.0, 1.05, 1.1);
        // when
        Trend t = Trends.of(trials, "duration", TrendOptions.window(5)).get(0);
        // then: r3 against r2 alone
        assertThat(t.window()).isEqualTo(1);
        assertThat(t.verdict())
                .contains(
                        "against the mean of the 1 run(s) before it of its configuration (rows=10)");
    }

    @Test
    void aTrialWithoutAStartTimeLeavesTheRunsOrderToTheOthers() {
        // given: the first trial of r2 has no start time
        run("r1", 1, "create", 1.0, 1.1);
        trials.add(
                new TrialValue(
                        "nightly",
                        "vm",
                        "",
                        "r2",
                        "init=zero",
                        Map.of("init", "zero"),
                        "create",
                        trials.size(),
                        null,
                        1.05));
        run("r2", 2, "create", 1.0);
        // when
        Trend t = Trends.of(trials, "duration", TrendOptions.window(5)).get(0);
        // then: r2 starts on day 2, after r1
        assertThat(t.runs()).extracting(Trend.RunMean::runId).containsExactly("r1", "r2");
        assertThat(t.runs().get(1).start()).isEqualTo(Instant.parse("2026-11-03T02:00:00Z"));
    }

    @Test
    void theWindowIsTheLastNRunsBeforeTheLatest() {
        run("r1", 1, "create", 5.0, 5.1, 5.2);
        run("r2", 2, "create", 1.0, 1.1, 1.0);
        run("r3", 3, "create", 1.0, 1.05, 1.1);
        // when: a window of one: r3 against r2 only, not the slow r1
        Trend t = Trends.of(trials, "duration", TrendOptions.window(1)).get(0);
        // then
        assertThat(t.window()).isEqualTo(1);
        assertThat(t.regression()).isFalse();
    }

    @Test
    void lowerThroughputIsTheRegressionWhereHigherIsBetter() {
        run("r1", 1, "io", 3000, 3010, 2990, 3005, 2995);
        run("r2", 2, "io", 3002, 2998, 3001, 3003, 2997);
        run("r3", 3, "io", 1500, 1510, 1490, 1505, 1495);
        // when
        Trend t = Trends.of(trials, "iops", TrendOptions.window(5)).get(0);
        // then
        assertThat(t.regression()).isTrue();
    }

    @Test
    void oneRunHasNothingToBeJudgedAgainst() {
        run("r1", 1, "create", 1.0, 1.1);
        assertThat(Trends.of(trials, "duration", TrendOptions.window(5)).get(0).verdict())
                .isEqualTo("one run: nothing to judge against yet");
    }

    @Test
    void theWindowMethodSaysSoAndHasNoChangePoints() {
        run("r1", 1, "create", 1.0, 1.1);
        run("r2", 2, "create", 1.0, 1.1);
        // when
        Trend t = Trends.of(trials, "duration", TrendOptions.window(5)).get(0);
        // then
        assertThat(t.method()).isEqualTo("window");
        assertThat(t.changePoints()).isEmpty();
    }

    @Test
    void theOldSignatureJudgesByChangePointsNow() {
        run("r1", 1, "create", 1.0, 1.1);
        run("r2", 2, "create", 1.0, 1.1);
        // when: the window given as before
        Trend t = Trends.of(trials, "duration", 5).get(0);
        // then: the default method, which two runs are too few for
        assertThat(t.method()).isEqualTo("changepoint");
        assertThat(t.verdict()).isEqualTo("2 runs: too few for a change point (at least 4)");
        assertThat(t.regression()).isFalse();
    }
}
