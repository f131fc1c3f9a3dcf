package storagebench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
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
        Map<String, Timed> measured = TrialSteps.run(steps);

        // then
        assertThat(ran).containsExactly("create", "a", "b", "drop");
        assertThat(measured).containsOnlyKeys("a", "b");
        assertThat(measured.get("a").metrics()).containsEntry("n", 1.0);
        assertThat(measured.get("a").nanos()).isPositive();
    }

    @Test
    void afterAFailedMeasuredStepTheRestAreRecordedUnrunAndCleanUpStillRuns() {
        // given
        List<String> recorded = new ArrayList<>();
        TrialSteps trial =
                new TrialSteps(
                        steps("setup:create", "measured:bad-a", "measured:b", "cleanup:drop"),
                        (step, failure) -> {
                            recorded.add(step.name() + " " + failure);
                            if (failure != null) {
                                return failure;
                            }
                            return Timed.run(step.action(), null).error();
                        });

        // when
        String failure = trial.measure(trial.setUp(), () -> true);
        trial.cleanUp();

        // then
        assertThat(failure).isEqualTo("skipped: step 'bad-a' failed");
        assertThat(recorded)
                .containsExactly(
                        "create null", "bad-a null", "b skipped: step 'bad-a' failed", "drop null");
        assertThat(ran).containsExactly("create", "bad-a", "drop");
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
