package storagebench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.events.TrialTimed;
import storagebench.experiment.Trial;
import storagebench.sink.TestEvents;

class ProgressTest {
    private static final Trial TRIAL =
            new Trial(2, 1, new LinkedHashMap<>(Map.of("files", "4")), 1, false);

    private static TrialTimed step(String name, long nanos, String error) {
        TrialTimed event = TestEvents.trial("r", "e", 2, Instant.EPOCH);
        event.setStep(name);
        event.setDurationNs(nanos);
        event.setError(error);
        return event;
    }

    @Test
    void aTrialDoneSaysEachMeasuredStepsTimeTheElapsedAndWhatIsLeft() {
        // when
        String line =
                Progress.doneLine(
                        3,
                        8,
                        TRIAL,
                        List.of(step("run", 12_345_678, null), step("restore", 50_000, null)),
                        Duration.ofSeconds(5).toNanos(),
                        Duration.ofMinutes(61).plusSeconds(8).toNanos());
        // then: tenths of a millisecond rounded half up, the clocks zero-padded
        assertThat(line)
                .isEqualTo(
                        "trial 3/8 [files=4] rep 1: run 12.3 ms, restore 0.1 ms | elapsed 0:00:05,"
                                + " ~1:01:08 left");
    }

    @Test
    void aWarmUpAndAFailedStepAreSaidSo() {
        // given
        Trial warmUp = new Trial(0, 0, new LinkedHashMap<>(Map.of("files", "4")), 1, true);
        // when
        String line =
                Progress.doneLine(
                        1,
                        8,
                        warmUp,
                        List.of(step("run", 1_950_000, "exit 1")),
                        Duration.ofMillis(999).toNanos(),
                        0);
        // then
        assertThat(line)
                .isEqualTo(
                        "trial 1/8 [files=4] warm-up 1: run FAILED: exit 1 | elapsed 0:00:00,"
                                + " ~0:00:00 left");
    }

    @Test
    void aDurationRoundsHalfUpToATenthOfAMillisecond() {
        // when, then
        assertThat(Progress.doneLine(1, 1, TRIAL, List.of(step("run", 1_950_000, null)), 0, 0))
                .contains("run 2.0 ms");
        assertThat(Progress.doneLine(1, 1, TRIAL, List.of(step("run", 0, null)), 0, 0))
                .contains("run 0.0 ms");
    }
}
