package storagebench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.events.Outcome;
import storagebench.events.TrialRef;
import storagebench.events.TrialTimed;
import storagebench.workload.Step;

class TrialStepsTest {
    private final List<String> ran = new ArrayList<>();

    private Step.Action action(String name) {
        return () -> {
            ran.add(name);
            if (name.startsWith("bad")) {
                throw new IllegalStateException(name + " broke");
            }
            return Map.of("n", 1.0);
        };
    }

    private List<Step> steps(String... names) {
        List<Step> steps = new ArrayList<>();
        for (String name : names) {
            String[] phaseAndName = name.split(":");
            Step.Action action = action(phaseAndName[1]);
            steps.add(
                    switch (phaseAndName[0]) {
                        case "setup" -> Step.setup(phaseAndName[1], action);
                        case "cleanup" -> Step.cleanup(phaseAndName[1], action);
                        default -> Step.measured(phaseAndName[1], action);
                    });
        }
        return steps;
    }

    @Test
    void setUpThenTheMeasuredStepsTimedThenCleanUpWhateverTheOrderGiven() {
        // given
        List<Step> steps = steps("cleanup:drop", "measured:a", "setup:create", "measured:b");

        // when
        Map<String, TrialTimed> measured = TrialSteps.run(steps);

        // then
        assertThat(ran).containsExactly("create", "a", "b", "drop");
        assertThat(measured).containsOnlyKeys("a", "b");
        assertThat(measured.get("a").getMetrics()).containsEntry("n", 1.0);
        assertThat(measured.get("a").getDurationNs()).isPositive();
    }

    @Test
    void afterAFailedMeasuredStepTheRestAreRecordedUnrunAndCleanUpStillRuns() {
        // given
        TrialSteps trial =
                trial(steps("setup:create", "measured:bad-a", "measured:b", "cleanup:drop"));

        // when
        String failure = trial.measure(trial.setUp(), () -> true);
        trial.cleanUp();

        // then
        assertThat(failure).isEqualTo("skipped: step 'bad-a' failed");
        assertThat(trial.events())
                .extracting(TrialTimed::getStep, TrialTimed::getOutcome, TrialTimed::getError)
                .containsExactly(
                        tuple("create", Outcome.OK, null),
                        tuple("bad-a", Outcome.FAILED, "IllegalStateException: bad-a broke"),
                        tuple("b", Outcome.FAILED, "skipped: step 'bad-a' failed"),
                        tuple("drop", Outcome.OK, null));
        assertThat(ran).containsExactly("create", "bad-a", "drop");
    }

    @Test
    void eachStepIsOneEventInTheOrderItRanItsEndReadFromTheClockOnceTimed() {
        // given: a clock that moves a second at each reading, far more than a step takes
        Clock ticking =
                new Clock() {
                    private Instant now = Instant.parse("2026-12-05T00:00:00Z");

                    @Override
                    public Instant instant() {
                        now = now.plusSeconds(1);
                        return now;
                    }

                    @Override
                    public ZoneId getZone() {
                        return ZoneOffset.UTC;
                    }

                    @Override
                    public Clock withZone(ZoneId zone) {
                        return this;
                    }
                };
        TrialSteps trial =
                new TrialSteps(
                        steps("cleanup:drop", "measured:a", "setup:create"),
                        REF,
                        2,
                        null,
                        Map.of("power-plan", "high"),
                        ticking);

        // when
        trial.measure(trial.setUp(), () -> true);
        trial.cleanUp();

        // then: set-up, measured, clean-up; each step's end read after it ran, not start + elapsed
        List<TrialTimed> events = trial.events();
        assertThat(events)
                .extracting(TrialTimed::getEventId, TrialTimed::getPhase)
                .containsExactly(
                        tuple("r/t0/setup/create", "setup"),
                        tuple("r/t0/a", "measured"),
                        tuple("r/t0/cleanup/drop", "cleanup"));
        for (TrialTimed e : events) {
            assertThat(Duration.between(e.getStartTime(), e.getEndTime())).hasSeconds(1);
            assertThat(e.getDurationNs()).isLessThan(1_000_000_000L);
            assertThat(e.getRepetition()).isEqualTo(2);
            assertThat(e.getHostSettings()).containsEntry("power-plan", "high");
            assertThat(e.getRunId()).isEqualTo("r");
        }
    }

    @Test
    void afterWorkGivesANewEventAndLeavesTheOneItReadAsBuilt() {
        // given
        List<TrialTimed> read = new ArrayList<>();
        Step step =
                Step.measured("a", action("a"))
                        .then(
                                measured -> {
                                    read.add(measured);
                                    return Map.of("parsed", 2.0, "n", 9.0);
                                });
        TrialSteps trial = trial(List.of(step));

        // when
        trial.measure(null, () -> true);

        // then: the step's metrics win over the after-work's of the same name
        TrialTimed done = trial.events().get(0);
        assertThat(done.getMetrics()).containsEntry("n", 1.0).containsEntry("parsed", 2.0);
        assertThat(read.get(0).getMetrics()).containsOnlyKeys("n");
        assertThat(done).isNotSameAs(read.get(0));
    }

    private static final TrialRef REF = new TrialRef("r", "e", "h", "r/t0", 0, "", Map.of(), false);

    private static TrialSteps trial(List<Step> steps) {
        return new TrialSteps(steps, REF, 0, null, Map.of(), Clock.systemUTC());
    }

    @Test
    void aFailedSetUpOrCleanUpStepEndsItsPhaseAndABenchRunThrowsOnceCleanedUp() {
        // given
        List<Step> steps =
                steps(
                        "setup:bad-create",
                        "setup:more",
                        "measured:a",
                        "cleanup:bad-drop",
                        "cleanup:c");

        // when / then
        assertThatThrownBy(() -> TrialSteps.run(steps))
                .hasMessage(
                        "setup step 'bad-create' failed: IllegalStateException: bad-create broke");
        assertThat(ran).containsExactly("bad-create", "bad-drop");
    }
}
