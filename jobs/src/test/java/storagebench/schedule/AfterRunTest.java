package storagebench.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static storagebench.schedule.SeriesFixture.at;
import static storagebench.schedule.SeriesFixture.runs;
import static storagebench.schedule.SeriesFixture.trend;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import storagebench.compare.Trend;
import storagebench.events.Regression;
import storagebench.events.RunStatus;
import storagebench.experiment.Experiment;
import storagebench.runner.ExperimentRun;
import storagebench.runner.Runner;

/**
 * The check after a run and its confirmation by a rerun, on a firings table in H2, the series and the
 * topic faked, and a real notify command: a regression a rerun did not confirm notifies no one.
 */
class AfterRunTest {
    private static final Runner.Outcome DONE =
            new Runner.Outcome(RunStatus.COMPLETED, 5, 0, null, false, false);

    @TempDir Path tmp;
    private Firings firings;
    private final List<List<String>> asked = new ArrayList<>();
    private final List<String> published = new ArrayList<>();
    private final List<Regression> events = new ArrayList<>();
    private List<Trend> series = List.of();
    private AfterRun after;

    @BeforeEach
    void parts() {
        DriverManagerDataSource db =
                new DriverManagerDataSource(
                        "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1", "sa", "");
        ScheduleSchema.ensure(db);
        firings = new Firings(db);
        DatasetCatchUp caughtUp =
                new DatasetCatchUp() {
                    @Override
                    public boolean catchUp(String experiment, String runId, Duration timeout) {
                        return true;
                    }

                    @Override
                    public void rollSoon() {}
                };
        after =
                new AfterRun(
                        (experiment, runs, window) -> {
                            asked.add(runs);
                            return series;
                        },
                        (runId, key, found) -> {
                            published.add(runId + " keyed " + key);
                            events.addAll(found);
                        },
                        firings,
                        caughtUp);
    }

    /** The series after r20 (a step up at r19), and with the rerun {@code rr} at {@code level}. */
    private static Trend steppedAtR19(Double rerunLevel) {
        double[] means = new double[rerunLevel == null ? 21 : 22];
        Arrays.fill(means, 0, 19, 1.0);
        Arrays.fill(means, 19, 21, 1.3);
        if (rerunLevel == null) {
            List<Trend.RunMean> runs = runs(means);
            return trend(runs, List.of(at(runs, 19, 1.0, 1.3)), true);
        }
        means[21] = rerunLevel;
        List<Trend.RunMean> runs = runs(means, "rr");
        return trend(runs, rerunLevel > 1.1 ? List.of(at(runs, 19, 1.0, 1.3)) : List.of(), false);
    }

    @Test
    void withConfirmRerunTheCheckRaisesNothingYet() {
        // given: an earlier completed firing with a rerun of its own
        firings.save(completed("nightly@1", "r18", "r18b"));
        series = List.of(steppedAtR19(null));
        // when
        FiringChecks.Checked checked =
                after.check(schedule(Schedule.Confirm.RERUN, false), run("r20"), DONE);
        // then: the rerun's runs are in the series; nothing published nor notified
        assertThat(asked).containsExactly(List.of("r18", "r18b", "r20"));
        assertThat(checked.toConfirm()).hasSize(1);
        assertThat(checked.verdict()).contains("REGRESSION to confirm by a rerun");
        assertThat(events).isEmpty();
        assertThat(notified("r20")).isNull();
    }

    @Test
    void aConfirmedRegressionIsRaisedAndNotifies() throws Exception {
        // given
        Schedule schedule = schedule(Schedule.Confirm.RERUN, false);
        series = List.of(steppedAtR19(null));
        List<Regression> found = after.check(schedule, run("r20"), DONE).toConfirm();
        series = List.of(steppedAtR19(1.31));
        // when
        String verdict = after.confirm(schedule, run("r20"), found, "rr", null);
        // then: with the rerun after the run checked
        assertThat(asked.get(1)).containsExactly("r20", "rr");
        assertThat(published).containsExactly("r20 keyed r19");
        assertThat(events).extracting(Regression::getConfirmed).containsExactly(true);
        assertThat(events.get(0).getRerunId()).isEqualTo("rr");
        assertThat(verdict).startsWith("rerun rr: REGRESSION: 1 (duration of v create:");
        assertThat(notified("r20"))
                .contains("STORAGEBENCH_REGRESSION=1")
                .contains("confirmed by rerun rr");
    }

    @Test
    void aRegressionTheRerunDoesNotConfirmIsRaisedAsSuchAndNotifiesNoOne() throws Exception {
        // given
        Schedule schedule = schedule(Schedule.Confirm.RERUN, false);
        series = List.of(steppedAtR19(null));
        List<Regression> found = after.check(schedule, run("r20"), DONE).toConfirm();
        series = List.of(steppedAtR19(1.0));
        // when
        String verdict = after.confirm(schedule, run("r20"), found, "rr", null);
        // then
        assertThat(events).extracting(Regression::getConfirmed).containsExactly(false);
        assertThat(verdict).startsWith("rerun rr: not confirmed (noise?): 1");
        assertThat(notified("r20")).isNull();
    }

    @Test
    void notifyOnAlwaysHearsOfAnUnconfirmedOneAsNoRegression() throws Exception {
        // given
        Schedule schedule = schedule(Schedule.Confirm.RERUN, true);
        series = List.of(steppedAtR19(null));
        List<Regression> found = after.check(schedule, run("r20"), DONE).toConfirm();
        // when: the rerun failed
        after.confirm(schedule, run("r20"), found, "rr", "disk gone");
        // then
        assertThat(events).extracting(Regression::getConfirmed).containsExactly(false);
        assertThat(notified("r20"))
                .contains("STORAGEBENCH_REGRESSION=0")
                .contains("not confirmed: its rerun did not complete: disk gone");
    }

    @Test
    void aRerunThatCouldNotStartConfirmsNothing() throws Exception {
        // given
        Schedule schedule = schedule(Schedule.Confirm.RERUN, false);
        series = List.of(steppedAtR19(null));
        List<Regression> found = after.check(schedule, run("r20"), DONE).toConfirm();
        // when
        String verdict = after.confirm(schedule, run("r20"), found, null, "no such file");
        // then
        assertThat(events).extracting(Regression::getConfirmed).containsExactly(false);
        assertThat(events.get(0).getRerunId()).isNull();
        assertThat(verdict).startsWith("no rerun: not confirmed (noise?): 1");
        assertThat(events.get(0).getVerdict())
                .endsWith("; not confirmed: the rerun could not start: no such file");
        assertThat(notified("r20")).isNull();
    }

    @Test
    void withoutConfirmTheRegressionIsRaisedAtOnce() throws Exception {
        // given
        series = List.of(steppedAtR19(null));
        // when
        FiringChecks.Checked checked =
                after.check(schedule(Schedule.Confirm.NONE, false), run("r20"), DONE);
        // then
        assertThat(checked.toConfirm()).isEmpty();
        assertThat(events).extracting(Regression::getConfirmed).containsExactly((Boolean) null);
        assertThat(notified("r20")).contains("STORAGEBENCH_REGRESSION=1");
    }

    private String notified(String runId) {
        Path file = tmp.resolve(runId).resolve("notified.env");
        try {
            return Files.isRegularFile(file) ? Files.readString(file) : null;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private ExperimentRun run(String runId) {
        Experiment experiment =
                new Experiment(
                        "nightly-e",
                        null,
                        null,
                        null,
                        Map.of(),
                        null,
                        1,
                        0,
                        null,
                        0,
                        null,
                        null,
                        List.of(),
                        Map.of(),
                        "",
                        null);
        return new ExperimentRun(runId, tmp.resolve(runId), experiment, null, false, null);
    }

    private static Firing completed(String id, String runId, String rerunId) {
        Instant due = Instant.parse("2026-12-01T02:00:00Z");
        return new Firing(
                id,
                "nightly",
                "nightly",
                "db-1",
                due,
                due,
                runId,
                Firing.Status.COMPLETED,
                1,
                "checked",
                due.plusSeconds(60),
                "node-a",
                rerunId);
    }

    private static Schedule schedule(Schedule.Confirm confirm, boolean always) {
        return new Schedule(
                "nightly",
                Path.of("nightly.yaml"),
                "0 2 * * *",
                "0 0 2 * * ?",
                ZoneId.of("UTC"),
                Schedule.Misfire.RUN_ONCE,
                Schedule.Overlap.WAIT,
                0,
                Duration.ofMinutes(1),
                null,
                true,
                Map.of(),
                5,
                new Schedule.Notify(
                        List.of("env | grep ^STORAGEBENCH_ > notified.env"), true, always),
                HostSelector.ANY,
                confirm,
                1);
    }
}
