package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** README's {@code bench sampling}, scaled down: the sampler's cost, its effect and its growth. */
class BenchSamplingCommandTest {
    @TempDir Path dir;

    @Test
    void printsTheSamplersCostItsEffectOnATimedActionAndItsGrowth() {
        // when
        CliOutput out =
                CliOutput.run(
                        "bench",
                        "sampling",
                        "--seconds",
                        "1",
                        "--pairs",
                        "1",
                        "--action-ms",
                        "100",
                        "--dir",
                        dir.toString());

        // then
        assertThat(out.exit()).as(out.err()).isZero();
        assertThat(out.out())
                .contains("bench sampling: the host sampler on this machine")
                .containsPattern("\\(a\\) its own CPU, from its thread's CPU time: \\d+ ticks")
                .containsPattern("target < 1%: (met|NOT met)")
                .contains("(b) a calibrated 100 ms action")
                .contains("over 1 ABBA pairs")
                .containsPattern("target within 0.1%: (met|NOT met)")
                .contains("(c) growth per trial-hour at 1 s");
    }
}
