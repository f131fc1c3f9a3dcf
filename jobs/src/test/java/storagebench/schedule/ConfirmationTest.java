package storagebench.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static storagebench.schedule.SeriesFixture.at;
import static storagebench.schedule.SeriesFixture.runs;
import static storagebench.schedule.SeriesFixture.trend;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import storagebench.compare.Trend;
import storagebench.events.Regression;

/** A rerun confirms a change point that is still there with it, worse, at about the same run. */
class ConfirmationTest {
    private static final Instant NOW = Instant.parse("2026-12-31T00:00:00Z");

    /** What the check after run r20 found: a step up at r19 (two runs on the new level). */
    private static List<Regression> found() {
        double[] means = new double[21];
        java.util.Arrays.fill(means, 0, 19, 1.0);
        java.util.Arrays.fill(means, 19, 21, 1.3);
        List<Trend.RunMean> runs = runs(means);
        return RegressionCheck.of(
                List.of(trend(runs, List.of(at(runs, 19, 1.0, 1.3)), true)), "nightly", "r20", NOW);
    }

    /** The series with the rerun {@code rr} after r20 ({@code level} its mean). */
    private static List<Trend.RunMean> withRerun(double level) {
        double[] means = new double[22];
        java.util.Arrays.fill(means, 0, 19, 1.0);
        java.util.Arrays.fill(means, 19, 21, 1.3);
        means[21] = level;
        return runs(means, "rr");
    }

    @Test
    void aChangePointStillThereWithTheRerunIsConfirmed() {
        // given: with the rerun, the change point found one run later (r20), still worse
        List<Trend.RunMean> runs = withRerun(1.3);
        Trend t = trend(runs, List.of(at(runs, 20, 1.02, 1.3)), false);
        // when
        List<Regression> judged = Confirmation.of(found(), List.of(t), "rr");
        // then: the event is the one the check found, confirmed
        assertThat(judged).hasSize(1);
        Regression r = judged.get(0);
        assertThat(r.getConfirmed()).isTrue();
        assertThat(r.getRerunId()).isEqualTo("rr");
        assertThat(r.getEventId()).isEqualTo(found().get(0).getEventId());
        assertThat(r.getVerdict()).endsWith("; confirmed by rerun rr");
    }

    @Test
    void theChangePointWhereItWasIsConfirmedThoughTheRerunPutsItFurtherFromTheEnd() {
        // given: found three runs before the end (the latest it can be raised); with the rerun four
        double[] means = new double[22];
        java.util.Arrays.fill(means, 0, 18, 1.0);
        java.util.Arrays.fill(means, 18, 22, 1.3);
        List<Trend.RunMean> before = runs(java.util.Arrays.copyOf(means, 21));
        List<Regression> found =
                RegressionCheck.of(
                        List.of(trend(before, List.of(at(before, 18, 1.0, 1.3)), true)),
                        "nightly",
                        "r20",
                        NOW);
        List<Trend.RunMean> runs = runs(means, "rr");
        // when
        List<Regression> judged =
                Confirmation.of(
                        found, List.of(trend(runs, List.of(at(runs, 18, 1.0, 1.3)), false)), "rr");
        // then
        assertThat(judged).extracting(Regression::getConfirmed).containsExactly(true);
    }

    @Test
    void noChangePointWithTheRerunIsNotConfirmed() {
        // given: the rerun back at the old level, and no change point any more
        List<Trend.RunMean> runs = withRerun(1.0);
        // when
        List<Regression> judged =
                Confirmation.of(found(), List.of(trend(runs, List.of(), false)), "rr");
        // then
        assertThat(judged).extracting(Regression::getConfirmed).containsExactly(false);
        assertThat(judged.get(0).getVerdict()).endsWith("; not confirmed by rerun rr (noise?)");
    }

    @Test
    void aChangePointElsewhereOrNoLongerWorseDoesNotConfirm() {
        List<Trend.RunMean> runs = withRerun(1.0);
        // far from where the check found it
        assertThat(
                        Confirmation.confirms(
                                found().get(0),
                                trend(runs, List.of(at(runs, 8, 1.0, 1.3)), false),
                                "rr"))
                .isFalse();
        // at the same run, but better
        assertThat(
                        Confirmation.confirms(
                                found().get(0),
                                trend(runs, List.of(at(runs, 19, 1.3, 1.0)), false),
                                "rr"))
                .isFalse();
        // a series the rerun is not the latest of
        assertThat(
                        Confirmation.confirms(
                                found().get(0),
                                trend(runs, List.of(at(runs, 19, 1.0, 1.3)), false),
                                "other"))
                .isFalse();
    }

    @Test
    void aRerunThatDidNotCompleteConfirmsNothing() {
        // when
        List<Regression> judged = Confirmation.unconfirmed(found(), "rr", "disk gone");
        // then
        assertThat(judged).extracting(Regression::getConfirmed).containsExactly(false);
        assertThat(judged.get(0).getRerunId()).isEqualTo("rr");
        assertThat(judged.get(0).getVerdict()).endsWith("; not confirmed: disk gone");
    }
}
