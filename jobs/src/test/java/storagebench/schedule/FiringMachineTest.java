package storagebench.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static storagebench.schedule.FiringMachine.State.BACKING_OFF;
import static storagebench.schedule.FiringMachine.State.CONFIRMING;
import static storagebench.schedule.FiringMachine.State.CONTINUING;
import static storagebench.schedule.FiringMachine.State.ENDED;
import static storagebench.schedule.FiringMachine.State.PREPARING;
import static storagebench.schedule.FiringMachine.State.RUNNING;
import static storagebench.schedule.FiringMachine.State.TAKING;
import static storagebench.schedule.FiringMachine.State.WAITING;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import storagebench.BadInputException;
import storagebench.events.Regression;
import storagebench.events.RunStatus;
import storagebench.runner.ExperimentRun;
import storagebench.runner.RunCompleted;
import storagebench.runner.RunObserver;
import storagebench.runner.RunStop;
import storagebench.runner.RunTrigger;
import storagebench.runner.Runner;

/** The firing state machine on a firings table and target leases in H2, its runs and checks faked. */
class FiringMachineTest {
    private static final Instant DUE = Instant.parse("2026-01-01T03:00:00Z");
    private static final Runner.Outcome DONE =
            new Runner.Outcome(RunStatus.COMPLETED, 2, 0, null, false, false);

    private Firings firings;
    private TargetLeases leases;
    private final RunningRuns running = new RunningRuns();
    private final FakeRuns runs = new FakeRuns();
    private final List<String> after = new ArrayList<>();
    private final List<String> ended = new ArrayList<>();
    private List<Regression> toConfirm = List.of();
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor();

    @BeforeEach
    void repository() {
        DriverManagerDataSource db =
                new DriverManagerDataSource(
                        "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1", "sa", "");
        ScheduleSchema.ensure(db);
        firings = new Firings(db);
        leases = new TargetLeases(db);
    }

    @AfterEach
    void stopTimers() {
        timers.shutdownNow();
    }

    @Test
    void aNewFiringRunsOnItsTargetAndIsChecked() {
        // given
        runs.outcomes.add(DONE);
        // when
        List<FiringMachine.State> path = fire(schedule(Schedule.Overlap.WAIT, 0, null));
        // then
        assertThat(path).containsExactly(PREPARING, TAKING, RUNNING, ENDED);
        Firing firing = firing();
        assertThat(firing.status()).isEqualTo(Firing.Status.COMPLETED);
        assertThat(firing.runId()).isEqualTo("run-1");
        assertThat(firing.attempts()).isEqualTo(1);
        assertThat(firing.message()).isEqualTo("checked");
        assertThat(firing.target()).isEqualTo("db-1");
        assertThat(firing.node()).isEqualTo("node-a");
        assertThat(after).containsExactly("check run-1");
        assertThat(ended).containsExactly("run-1 COMPLETED");
        assertThat(runs.triggers)
                .containsExactly(new RunTrigger("nightly", DUE, DUE.plusSeconds(1)));
        assertThat(leases.holder("db-1")).as("released").isEmpty();
    }

    @Test
    void aRunThatFailsIsContinuedWhileRetriesAreLeft() {
        // given
        runs.outcomes.add(Runner.Outcome.failed("disk gone"));
        runs.outcomes.add(null);
        runs.outcomes.add(DONE);
        // when
        List<FiringMachine.State> path = fire(schedule(Schedule.Overlap.WAIT, 2, null));
        // then
        assertThat(path)
                .containsExactly(
                        PREPARING,
                        TAKING,
                        RUNNING,
                        BACKING_OFF,
                        RUNNING,
                        BACKING_OFF,
                        RUNNING,
                        ENDED);
        assertThat(runs.restarted).containsExactly("run-1", "run-1");
        assertThat(firing().status()).isEqualTo(Firing.Status.COMPLETED);
        assertThat(firing().attempts()).isEqualTo(3);
    }

    @Test
    void aRunThatFailsWithNoRetryLeftFailsTheFiringAndNotifies() {
        // given
        runs.outcomes.add(Runner.Outcome.failed("disk gone"));
        runs.outcomes.add(Runner.Outcome.failed("disk still gone"));
        // when
        List<FiringMachine.State> path = fire(schedule(Schedule.Overlap.WAIT, 1, null));
        // then
        assertThat(path).containsExactly(PREPARING, TAKING, RUNNING, BACKING_OFF, RUNNING, ENDED);
        Firing firing = firing();
        assertThat(firing.status()).isEqualTo(Firing.Status.FAILED);
        assertThat(firing.attempts()).isEqualTo(2);
        assertThat(firing.message())
                .isEqualTo("disk still gone; continue it with: storagebench run --restart run-1");
        assertThat(after).containsExactly("failed run-1: disk still gone");
        assertThat(ended).containsExactly("run-1 FAILED");
    }

    @Test
    void aBusyTargetWithOverlapSkipSkipsTheFiring() {
        // given
        leases.acquire("db-1", "other@1", "hourly");
        // when
        List<FiringMachine.State> path = fire(schedule(Schedule.Overlap.SKIP, 0, null));
        // then
        assertThat(path).containsExactly(PREPARING, TAKING, ENDED);
        Firing firing = firing();
        assertThat(firing.status()).isEqualTo(Firing.Status.SKIPPED);
        assertThat(firing.message())
                .isEqualTo("the target is busy with a firing of schedule hourly; overlap: skip");
        assertThat(runs.triggers).as("never run").isEmpty();
        assertThat(leases.holder("db-1").orElseThrow().firing()).isEqualTo("other@1");
    }

    @Test
    void aBusyTargetWithOverlapWaitIsWaitedForUntilTheServiceEnds() {
        // given
        leases.acquire("db-1", "other@1", "hourly");
        leases.renew("db-1", "other@1", "run-0");
        running.stopAll("SIGTERM");
        // when
        List<FiringMachine.State> path = fire(schedule(Schedule.Overlap.WAIT, 0, null));
        // then
        assertThat(path).containsExactly(PREPARING, TAKING, WAITING, ENDED);
        assertThat(firing().status()).isEqualTo(Firing.Status.SKIPPED);
        assertThat(firing().message())
                .isEqualTo(
                        "the service ended while it waited: the target is busy with run run-0 of"
                                + " schedule hourly");
        assertThat(runs.triggers).isEmpty();
    }

    @Test
    void aBrokenExperimentEndsTheFiringBeforeItsTargetIsTaken() {
        // given
        runs.broken = true;
        // when
        List<FiringMachine.State> path = fire(schedule(Schedule.Overlap.WAIT, 0, null));
        // then
        assertThat(path).containsExactly(PREPARING, ENDED);
        assertThat(firing().status()).isEqualTo(Firing.Status.BROKEN);
        assertThat(firing().runId()).isNull();
        assertThat(firing().message()).isEqualTo("no such file");
        assertThat(ended).isEmpty();
    }

    @Test
    void anInterruptedFiringIsContinuedAsItsNextAttempt() {
        // given
        firings.save(earlier(Firing.Status.INTERRUPTED, 1));
        runs.outcomes.add(DONE);
        // when
        List<FiringMachine.State> path = recover(schedule(Schedule.Overlap.WAIT, 1, null));
        // then
        assertThat(path).containsExactly(CONTINUING, TAKING, RUNNING, ENDED);
        assertThat(runs.restarted).containsExactly("run-1");
        assertThat(firing().status()).isEqualTo(Firing.Status.COMPLETED);
        assertThat(firing().attempts()).isEqualTo(2);
    }

    @Test
    void aFiringWhoseServiceDiedInTheCheckAfterItsRunCompletedIsCheckedNotFailed() {
        // given: the firing RUNNING (its service killed in the regression check), its run
        // completed in the topic
        firings.save(earlier(Firing.Status.RUNNING, 1));
        runs.completedBefore = true;
        // when
        List<FiringMachine.State> path = recover(schedule(Schedule.Overlap.WAIT, 1, null));
        // then: completed, and checked
        assertThat(path).containsExactly(CONTINUING, TAKING, RUNNING, ENDED);
        assertThat(firing().status()).isEqualTo(Firing.Status.COMPLETED);
        assertThat(after).containsExactly("check run-1");
    }

    @Test
    void anInterruptedFiringWithNoRetryLeftFails() {
        // given
        firings.save(earlier(Firing.Status.INTERRUPTED, 1));
        // when
        List<FiringMachine.State> path = recover(schedule(Schedule.Overlap.WAIT, 0, null));
        // then
        assertThat(path).containsExactly(CONTINUING, ENDED);
        assertThat(firing().status()).isEqualTo(Firing.Status.FAILED);
        assertThat(firing().message())
                .isEqualTo(
                        "interrupted, and no retry is left (retry: 0); continue it with:"
                                + " storagebench run --restart run-1");
        assertThat(runs.restarted).isEmpty();
    }

    @Test
    void aContinuationWhoseRunCannotBeLoadedFails() {
        // given
        firings.save(earlier(Firing.Status.INTERRUPTED, 1));
        runs.broken = true;
        // when
        List<FiringMachine.State> path = recover(schedule(Schedule.Overlap.WAIT, 1, null));
        // then
        assertThat(path).containsExactly(CONTINUING, ENDED);
        assertThat(firing().status()).isEqualTo(Firing.Status.FAILED);
        assertThat(firing().message()).isEqualTo("no such file");
        assertThat(ended).containsExactly("run-1 FAILED");
    }

    @Test
    void aFiringThatEndedBeforeIsNotRunAgain() {
        // given
        firings.save(earlier(Firing.Status.COMPLETED, 1));
        // when
        List<FiringMachine.State> path = recover(schedule(Schedule.Overlap.WAIT, 3, null));
        // then
        assertThat(path).containsExactly(ENDED);
        assertThat(runs.triggers).isEmpty();
    }

    @Test
    void aFiringOfAScheduleThatIsGoneRunsNothing() {
        // when
        List<FiringMachine.State> path =
                new FiringMachine(parts(name -> Optional.empty()), request()).run();
        // then
        assertThat(path).containsExactly(ENDED);
        assertThat(firings.find(Firing.id("nightly", DUE))).isEmpty();
    }

    @Test
    void aRunStoppedByTheServiceEndingIsInterruptedNotRetried() {
        // given
        runs.during = () -> running.stopAll("SIGTERM");
        runs.outcomes.add(new Runner.Outcome(RunStatus.STOPPED, 1, 0, null, false, false));
        // when
        List<FiringMachine.State> path = fire(schedule(Schedule.Overlap.WAIT, 3, null));
        // then
        assertThat(path).containsExactly(PREPARING, TAKING, RUNNING, ENDED);
        assertThat(firing().status()).isEqualTo(Firing.Status.INTERRUPTED);
        assertThat(firing().message()).isEqualTo("stopped: SIGTERM");
    }

    @Test
    void aRunPastMaxRuntimeIsStoppedAndFailsNotRetried() {
        // given
        runs.waitForStop = true;
        runs.outcomes.add(new Runner.Outcome(RunStatus.STOPPED, 1, 0, null, false, false));
        // when
        List<FiringMachine.State> path =
                fire(schedule(Schedule.Overlap.WAIT, 3, Duration.ofMillis(50)));
        // then
        assertThat(path).containsExactly(PREPARING, TAKING, RUNNING, ENDED);
        assertThat(firing().status()).isEqualTo(Firing.Status.FAILED);
        assertThat(firing().message())
                .isEqualTo(
                        "stopped after max-runtime PT0.05S; continue it with: storagebench run"
                                + " --restart run-1");
        assertThat(runs.restarted).isEmpty();
    }

    @Test
    void aRegressionToConfirmIsRaisedAfterARerunRecordedWithTheFiring() {
        // given: the check finds a regression to confirm
        toConfirm = List.of(new Regression());
        runs.outcomes.add(DONE);
        runs.outcomes.add(DONE);
        // when
        List<FiringMachine.State> path = fire(schedule(Schedule.Overlap.SKIP, 0, null));
        // then: the rerun is a run of its own, on the same target, and the firing's run stays its
        // first
        assertThat(path)
                .containsExactly(PREPARING, TAKING, RUNNING, CONFIRMING, TAKING, RUNNING, ENDED);
        Firing firing = firing();
        assertThat(firing.status()).isEqualTo(Firing.Status.COMPLETED);
        assertThat(firing.runId()).isEqualTo("run-1");
        assertThat(firing.rerunId()).isEqualTo("run-2");
        assertThat(firing.attempts()).isEqualTo(1);
        assertThat(firing.message()).isEqualTo("confirmed by run-2");
        assertThat(after).containsExactly("check run-1", "confirm run-1 by run-2");
        assertThat(ended).containsExactly("run-1 COMPLETED", "run-2 COMPLETED");
        assertThat(runs.triggers)
                .as("the rerun says what fired it, as its run does")
                .containsExactly(
                        new RunTrigger("nightly", DUE, DUE.plusSeconds(1)),
                        new RunTrigger("nightly", DUE, DUE.plusSeconds(1)));
        assertThat(leases.holder("db-1")).as("released").isEmpty();
    }

    @Test
    void aFiringKilledInItsRerunIsCheckedAgainAndContinuesThatRerunWhateverItsRetry() {
        // given: the service died in the rerun; the firing's run completed in the topic
        firings.save(earlier(Firing.Status.RUNNING, 1).withRerun("run-2"));
        runs.completed.add("run-1");
        runs.outcomes.add(DONE);
        toConfirm = List.of(new Regression());
        // when
        List<FiringMachine.State> path = recover(schedule(Schedule.Overlap.WAIT, 0, null));
        // then: no new run; the rerun recorded is continued, its trials in the topic kept
        assertThat(path)
                .containsExactly(CONTINUING, TAKING, RUNNING, CONFIRMING, TAKING, RUNNING, ENDED);
        assertThat(runs.prepared).isZero();
        assertThat(runs.restarted).containsExactly("run-1", "run-2");
        assertThat(firing().status()).isEqualTo(Firing.Status.COMPLETED);
        assertThat(firing().rerunId()).isEqualTo("run-2");
        assertThat(firing().attempts()).isEqualTo(1);
        assertThat(after).containsExactly("check run-1", "confirm run-1 by run-2");
    }

    @Test
    void aRecordedRerunThatNeverStartedIsReplacedByANewOne() {
        // given: killed after the rerun was recorded, before it wrote anything
        firings.save(earlier(Firing.Status.RUNNING, 1).withRerun("run-9"));
        runs.completed.add("run-1");
        runs.missing.add("run-9");
        runs.prepared = 1;
        runs.outcomes.add(DONE);
        toConfirm = List.of(new Regression());
        // when
        recover(schedule(Schedule.Overlap.WAIT, 0, null));
        // then
        assertThat(firing().rerunId()).isEqualTo("run-2");
        assertThat(runs.prepared).isEqualTo(2);
        assertThat(after).containsExactly("check run-1", "confirm run-1 by run-2");
    }

    @Test
    void aRerunThatFailsConfirmsNothingAndTheFiringStillCompletes() {
        // given
        toConfirm = List.of(new Regression());
        runs.outcomes.add(DONE);
        runs.outcomes.add(Runner.Outcome.failed("disk gone"));
        // when
        fire(schedule(Schedule.Overlap.WAIT, 0, null));
        // then: raised unconfirmed (the checks say so), no FAILED notify
        assertThat(firing().status()).isEqualTo(Firing.Status.COMPLETED);
        assertThat(after).containsExactly("check run-1", "confirm run-1 by run-2: disk gone");
    }

    @Test
    void aRerunStoppedByTheServiceEndingLeavesTheFiringInterruptedWithItsRerun() {
        // given
        toConfirm = List.of(new Regression());
        runs.outcomes.add(DONE);
        runs.outcomes.add(new Runner.Outcome(RunStatus.STOPPED, 1, 0, null, false, false));
        runs.duringRerun = () -> running.stopAll("SIGTERM");
        // when
        fire(schedule(Schedule.Overlap.WAIT, 3, null));
        // then: continued at the next start (anInterruptedFiring..., the rerun's test above)
        assertThat(firing().status()).isEqualTo(Firing.Status.INTERRUPTED);
        assertThat(firing().runId()).isEqualTo("run-1");
        assertThat(firing().rerunId()).isEqualTo("run-2");
        assertThat(after).containsExactly("check run-1");
    }

    private List<FiringMachine.State> fire(Schedule schedule) {
        return new FiringMachine(parts(name -> Optional.of(schedule)), request()).run();
    }

    private List<FiringMachine.State> recover(Schedule schedule) {
        return new FiringMachine(
                        parts(name -> Optional.of(schedule)),
                        new ScheduledRunner.Request(
                                null,
                                "nightly",
                                DUE,
                                DUE.plusSeconds(60),
                                Firing.id("nightly", DUE)))
                .run();
    }

    private static ScheduledRunner.Request request() {
        return new ScheduledRunner.Request("nightly", "nightly", DUE, DUE.plusSeconds(1), null);
    }

    private FiringMachine.Parts parts(Function<String, Optional<Schedule>> schedules) {
        RunObserver observer =
                new RunObserver() {
                    @Override
                    public void runEnded(String runId, String status) {
                        ended.add(runId + " " + status);
                    }
                };
        FiringChecks checks =
                new FiringChecks() {
                    @Override
                    public Checked check(
                            Schedule schedule, ExperimentRun run, Runner.Outcome outcome) {
                        after.add("check " + run.runId());
                        return new Checked("checked", toConfirm);
                    }

                    @Override
                    public String confirm(
                            Schedule schedule,
                            ExperimentRun run,
                            List<Regression> found,
                            String rerunId,
                            String failure) {
                        after.add(
                                "confirm "
                                        + run.runId()
                                        + " by "
                                        + rerunId
                                        + (failure == null ? "" : ": " + failure));
                        return "confirmed by " + rerunId;
                    }

                    @Override
                    public void failed(Schedule schedule, ExperimentRun run, String why) {
                        after.add("failed " + run.runId() + ": " + why);
                    }
                };
        return new FiringMachine.Parts(
                schedules, firings, leases, running, runs, checks, observer, "node-a", timers);
    }

    private Firing firing() {
        return firings.find(Firing.id("nightly", DUE)).orElseThrow();
    }

    private static Firing earlier(Firing.Status status, int attempts) {
        return new Firing(
                Firing.id("nightly", DUE),
                "nightly",
                "nightly",
                "db-1",
                DUE,
                DUE.plusSeconds(1),
                "run-1",
                status,
                attempts,
                null,
                status == Firing.Status.COMPLETED ? DUE.plusSeconds(9) : null,
                "node-b",
                null);
    }

    private static Schedule schedule(Schedule.Overlap overlap, int retry, Duration maxRuntime) {
        return new Schedule(
                "nightly",
                Path.of("nightly.yaml"),
                "0 3 * * *",
                "0 0 3 * * ?",
                ZoneId.of("UTC"),
                Schedule.Misfire.RUN_ONCE,
                overlap,
                retry,
                Duration.ofMillis(1),
                maxRuntime,
                true,
                Map.of(),
                5,
                null,
                HostSelector.ANY,
                Schedule.Confirm.NONE,
                1);
    }

    /** Runs that end as told, on target {@code db-1}. */
    private static final class FakeRuns implements FiringRuns {
        final List<Runner.Outcome> outcomes = new ArrayList<>();
        final List<String> restarted = new ArrayList<>();
        final List<RunTrigger> triggers = new ArrayList<>();
        final Set<String> completed = new java.util.HashSet<>();
        final Set<String> missing = new java.util.HashSet<>();
        int prepared;
        boolean broken;
        boolean waitForStop;
        boolean completedBefore;
        Runnable during = () -> {};
        Runnable duringRerun = () -> {};

        @Override
        public ExperimentRun prepare(Schedule schedule) {
            if (broken) {
                throw new BadInputException("no such file");
            }
            prepared++;
            String id = "run-" + prepared;
            return new ExperimentRun(id, Path.of(id), null, null, false, null);
        }

        @Override
        public ExperimentRun restart(String runId) {
            if (broken || missing.contains(runId)) {
                throw new BadInputException("no such file");
            }
            restarted.add(runId);
            return new ExperimentRun(runId, Path.of(runId), null, null, true, null);
        }

        @Override
        public String target(ExperimentRun run) {
            return "db-1";
        }

        @Override
        public Runner.Outcome run(ExperimentRun run, RunStop stop, RunTrigger trigger) {
            triggers.add(trigger);
            if (completedBefore || completed.contains(run.runId())) {
                throw new RunCompleted(run.runId(), 2);
            }
            (triggers.size() > 1 ? duringRerun : during).run();
            while (waitForStop && !stop.requested()) {
                Thread.onSpinWait();
            }
            return outcomes.remove(0);
        }
    }
}
