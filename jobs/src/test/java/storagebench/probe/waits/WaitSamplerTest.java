package storagebench.probe.waits;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.PasswordSource;
import storagebench.dbms.TargetKind;
import storagebench.events.TrialRef;

class WaitSamplerTest {
    private static final TrialRef REF =
            new TrialRef("r", "e", "h", "r/0", 0, "default", Map.of(), false);

    private static DatabaseTarget target(TargetKind kind, String url) {
        return new DatabaseTarget(
                kind,
                kind.dialect(),
                url,
                "sb",
                new PasswordSource("STORAGEBENCH_NO_SUCH_PASSWORD", null),
                Duration.ofSeconds(1),
                null,
                null);
    }

    @Test
    void aProductWithoutWaitsOrAnIntervalOfZeroReadsNothing(@TempDir Path tmp) {
        // given
        DatabaseTarget h2 = target(TargetKind.H2, "jdbc:h2:" + tmp.resolve("db"));
        DatabaseTarget pg = target(TargetKind.POSTGRES, "jdbc:postgresql://127.0.0.1:1/none");
        // when / then
        assertThat(WaitSampler.of(h2, Duration.ofMillis(100))).isSameAs(WaitSampler.OFF);
        assertThat(WaitSampler.of(pg, Duration.ZERO)).isSameAs(WaitSampler.OFF);
        assertThat(WaitSampler.of(pg, Duration.ofMillis(100)).enabled()).isTrue();
        assertThat(WaitSampler.OFF.begin(REF, "run").end()).isEmpty();
    }

    @Test
    void aServerThatCannotBeReachedCostsTheTrialItsWaitsNotTheTrial() {
        // given: nothing listens on port 1
        WaitSampler sampler =
                WaitSampler.of(
                        target(TargetKind.POSTGRES, "jdbc:postgresql://127.0.0.1:1/none"),
                        Duration.ofMillis(100));
        // when
        WaitSampler.Phase phase = sampler.begin(REF, "run");
        // then
        assertThat(phase).isSameAs(WaitSampler.Phase.NONE);
        assertThat(phase.end()).isEmpty();
    }
}
