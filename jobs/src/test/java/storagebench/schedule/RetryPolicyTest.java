package storagebench.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import storagebench.schedule.RetryPolicy.Failure;

class RetryPolicyTest {
    private final RetryPolicy twice = new RetryPolicy(2, Duration.ofSeconds(30));

    @Test
    void aFailedRunIsContinuedRetryTimesWithTheWaitDoubledEachTime() {
        // when / then
        assertThat(twice.after(1, Failure.RUN_FAILED)).contains(Duration.ofSeconds(30));
        assertThat(twice.after(2, Failure.RUN_FAILED)).contains(Duration.ofSeconds(60));
        assertThat(twice.after(3, Failure.RUN_FAILED)).as("no retry left").isEmpty();
    }

    @Test
    void aRunStoppedByMaxRuntimeOrTheServiceEndingIsNotContinuedHere() {
        // when / then
        assertThat(twice.after(1, Failure.MAX_RUNTIME)).isEmpty();
        assertThat(twice.after(1, Failure.SERVICE_ENDING)).isEmpty();
    }

    @Test
    void noRetryMeansOneAttempt() {
        // given
        RetryPolicy none = new RetryPolicy(0, Duration.ofSeconds(30));
        // when / then
        assertThat(none.left(0)).as("a recovery of a firing that never started its run").isTrue();
        assertThat(none.left(1)).isFalse();
        assertThat(none.after(1, Failure.RUN_FAILED)).isEmpty();
    }

    @Test
    void theWaitStopsDoublingAfterTwentyDoublings() {
        // given
        RetryPolicy many = new RetryPolicy(100, Duration.ofMillis(1));
        // when / then
        assertThat(many.after(21, Failure.RUN_FAILED)).contains(Duration.ofMillis(1 << 20));
        assertThat(many.after(60, Failure.RUN_FAILED)).contains(Duration.ofMillis(1 << 20));
    }
}
