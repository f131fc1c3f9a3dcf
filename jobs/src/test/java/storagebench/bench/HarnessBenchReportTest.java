package storagebench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import storagebench.events.TrialTimed;

class HarnessBenchReportTest {
    private static HarnessTrials harness(double... overhead) {
        List<Double> ms = Arrays.stream(overhead).boxed().toList();
        return new HarnessTrials(
                "run",
                ms,
                ms.stream().map(m -> 0.1).toList(),
                ms.stream().map(m -> m - 0.3).toList(),
                ms.stream().map(m -> 0.2).toList(),
                -1);
    }

    @Test
    void bothMediansTheirDifferenceAndEachPairsRatioAgainstTheGoals() {
        // given: two pairs; the floor 4 ms, the harness 5 and 6 ms
        Abba.Paired<HarnessTrials> paired =
                new Abba.Paired<>(
                        List.of(
                                new Abba.Pair<>(
                                        false,
                                        HarnessTrials.floor(List.of(4.0, 4.0, 4.0)).compiling(10),
                                        harness(5, 5, 5).compiling(300)),
                                new Abba.Pair<>(
                                        true,
                                        HarnessTrials.floor(List.of(4.0, 4.0, 4.0)).compiling(30),
                                        harness(6, 6, 6).compiling(500))),
                        1.25,
                        2.5);
        // when
        HarnessBenchReport report = new HarnessBenchReport(4, 500, FloorPace.PACED, 1, 237, paired);
        // then
        assertThat(report.floorMedian()).isEqualTo(4);
        assertThat(report.harnessMedian()).isEqualTo(5.5);
        assertThat(report.difference()).isCloseTo(1.5, Offset.offset(1e-9));
        assertThat(report.format())
                .contains("1 send(s) of a trial's own records, 237 bytes")
                .contains("alone, each after a run of `true` (not timed)")
                .contains("pair 1 (AB)  (a)   4.00 ms  (b)   5.00 ms  b - a   1.00 ms  b / a  1.25")
                .contains("pair 2 (BA)  (a)   4.00 ms  (b)   6.00 ms  b - a   2.00 ms  b / a  1.50")
                .containsPattern("\\(a\\) floor, ms +4\\.00 +4\\.00")
                .containsPattern("\\(b\\) - \\(a\\), ms +1\\.50   goal <= 1 ms: NOT met")
                .containsPattern("\\(b\\) / \\(a\\) +1\\.38   goal <= 1\\.5: met")
                .contains("b / a per pair: median 1.375 (range 1.250 to 1.500)")
                .contains("load average 1.25 before, 2.50 after")
                .containsPattern("set-up, wait for the commit +0\\.20 +0\\.20")
                .contains("after a warm-up pair (500 trials in 125 run(s), 500 transactions)")
                .contains(
                        "JIT compiling while a block ran, ms: (a) median 20 (10 to 30), (b) median"
                                + " 400 (300 to 500)");
    }

    @Test
    void theHarnessPartsSumToEachTrialsOverhead() {
        // given: trial 0 measured from t to t + 1 ms, told done at t + 1.2 ms, trial 1 told
        // starting
        // at t + 9 ms and measured from t + 9.5 ms
        Instant t = Instant.parse("2026-01-01T00:00:00Z");
        List<TrialTimed> timed =
                List.of(event(0, t, 1_000_000), event(1, t.plusNanos(9_500_000), 1_000_000));
        // when
        HarnessTrials trials =
                HarnessTrials.of(
                        "run",
                        timed,
                        Map.of(0, t.plusNanos(1_200_000)),
                        Map.of(1, t.plusNanos(9_000_000)));
        // then
        assertThat(trials.overhead()).containsExactly(8.5);
        assertThat(trials.afterMeasured().get(0)).isCloseTo(0.2, Offset.offset(1e-9));
        assertThat(trials.handOver().get(0)).isCloseTo(7.8, Offset.offset(1e-9));
        assertThat(trials.setUp().get(0)).isCloseTo(0.5, Offset.offset(1e-9));
    }

    private static TrialTimed event(int index, Instant start, long nanos) {
        return TrialTimed.newBuilder(new TrialEvents(start).event(index))
                .setTrialIndex(index)
                .setStartTime(start)
                .setDurationNs(nanos)
                .build();
    }
}
