package storagebench.workload.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import storagebench.events.TrialTimed;
import storagebench.logformat.Parsed;
import storagebench.sink.TestEvents;

class SubStepsTest {
    private static final Instant BEGUN = Instant.parse("2026-11-30T08:00:00Z");

    private static Parsed.Step step(String name, Instant start) {
        return new Parsed.Step("t", Map.of(), name, start, 2_000_000_000L, null, Map.of(), 1);
    }

    @Test
    void aSubStepStartsAsTheOutputSaysButNeverBeforeTheRunStep() {
        // given
        List<SpecificRecord> emitted = new ArrayList<>();
        SubSteps subSteps =
                new SubSteps(TestEvents.trial("run-0", "sub-steps", 0, BEGUN), emitted::add);
        // when: a start inside the step, one a second before it (fio's, to the second), none
        subSteps.add(step("write", BEGUN.plusSeconds(3)));
        subSteps.add(step("read", BEGUN.minusSeconds(1)));
        subSteps.add(step("trim", null));
        // then: the last one after the durations of the two before it
        assertThat(emitted)
                .extracting(e -> ((TrialTimed) e).getStartTime())
                .containsExactly(BEGUN.plusSeconds(3), BEGUN, BEGUN.plusSeconds(4));
    }
}
