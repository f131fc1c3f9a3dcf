package storagebench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class SteadyStateTest {
    private static final List<String> IOPS = List.of("iops");

    @Test
    void readsTheSettingWithItsDefaults() {
        assertThat(SteadyState.parse("none", IOPS)).isNull();
        assertThat(SteadyState.parse("metric=iops;window=10s;max-slope=2%", IOPS))
                .isEqualTo(new SteadyState("iops", Duration.ofSeconds(10), 0.02, null));
        assertThat(SteadyState.parse("max-slope=0.05;max-ramp=2m", IOPS))
                .isEqualTo(
                        new SteadyState(
                                "iops", Duration.ofSeconds(10), 0.05, Duration.ofMinutes(2)));
    }

    @Test
    void refusesWhatItCannotJudgeNamingIt() {
        assertThatThrownBy(() -> SteadyState.parse("metric=tpm", IOPS))
                .hasMessage("steady-state: metric 'tpm' cannot be judged here; one of [iops]");
        assertThatThrownBy(() -> SteadyState.parse("window=soon", IOPS))
                .hasMessage(
                        "steady-state: window must be a duration such as 500ms, 10s or 2m, got"
                                + " 'soon'");
        assertThatThrownBy(() -> SteadyState.parse("max-slope=200%", IOPS))
                .hasMessage("steady-state: max-slope must be above 0% and below 100%, got 200%");
        assertThatThrownBy(() -> SteadyState.parse("iops", IOPS))
                .hasMessage("steady-state: 'iops' is not name=value");
    }

    @Test
    void aRisingLoadIsNotSteadyUntilItsLatestWindowIsFlat() {
        // given: 10 s windows; a load rising 10% a second for 10 s, then flat at 1,000
        SteadyState.Judge judge = SteadyState.parse("window=10s;max-slope=2%", IOPS).judge();
        int steadyAt = -1;
        for (int second = 1; second <= 40 && steadyAt < 0; second++) {
            double value = second <= 10 ? 1000 * Math.pow(1.1, second - 10) : 1000;
            if (judge.add(second, value)) {
                steadyAt = second;
            }
        }
        // then: steady only once the window has left most of the rise behind
        assertThat(steadyAt).isBetween(17, 21);
    }

    @Test
    void aFlatButNoisyLoadIsSteadyOnceAWholeWindowIsSeen() {
        SteadyState.Judge judge = SteadyState.parse("window=5s;max-slope=2%", IOPS).judge();
        double[] noisy = {1000, 980, 1015, 995, 1010, 990, 1005};
        List<Boolean> steady = new java.util.ArrayList<>();
        for (int i = 0; i < noisy.length; i++) {
            steady.add(judge.add(i + 1, noisy[i]));
        }
        assertThat(steady).containsExactly(false, false, false, false, false, true, true);
    }
}
