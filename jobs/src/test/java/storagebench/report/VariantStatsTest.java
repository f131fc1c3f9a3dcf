package storagebench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.DoubleStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.events.TrialTimed;
import storagebench.sink.TestEvents;

/**
 * The statistics of each variant as the summary, the comparisons and the page read them: worked out
 * by hand from the durations, the warm-up left out, and each variant's factors found whether or not
 * its first repetition ran.
 */
class VariantStatsTest {
    private static final Instant DAY = Instant.parse("2026-11-01T12:00:00Z");

    @TempDir Path dataset;

    @Test
    void theStatisticsOfTheDurationsAreTheOnesWorkedOutByHand() throws Exception {
        // given: ifi=on, a warm-up of 100 ms, then 1, 2, 3 and 4 ms
        write(
                trial(0, "on", 0, true, 100_000_000),
                trial(1, "on", 1, false, 1_000_000),
                trial(2, "on", 2, false, 2_000_000),
                trial(3, "on", 3, false, 3_000_000),
                trial(4, "on", 4, false, 4_000_000));
        // when
        VariantStats on = only(read());
        // then
        assertThat(on.n()).isEqualTo(4);
        assertThat(on.warmups()).isEqualTo(1);
        assertThat(on.failed()).isZero();
        assertThat(on.mean()).isCloseTo(0.0025, within(1e-15));
        assertThat(on.variance()).isCloseTo(5e-6 / 3, within(1e-15));
        assertThat(on.median()).isCloseTo(0.0025, within(1e-15));
        assertThat(on.p95()).isCloseTo(0.00385, within(1e-15)); // 1 + 0.95 × (4 − 1) ms
        assertThat(on.min()).isEqualTo(0.001);
        assertThat(on.max()).isEqualTo(0.004);
        double[] logs = DoubleStream.of(0.001, 0.002, 0.003, 0.004).map(Math::log).toArray();
        double logMean = DoubleStream.of(logs).average().orElseThrow();
        assertThat(on.logMean()).isCloseTo(logMean, within(1e-12));
        assertThat(on.logVariance())
                .isCloseTo(
                        DoubleStream.of(logs).map(l -> (l - logMean) * (l - logMean)).sum() / 3,
                        within(1e-12));
        assertThat(on.factors()).containsEntry("ifi", "on").containsEntry("files", "8");
    }

    @Test
    void aVariantWhoseFirstRepetitionNeverRanStillHasItsFactors() throws Exception {
        // given: ifi=off only at repetitions 2 and 3 (its run stopped, in random order, before 1)
        write(
                trial(0, "on", 1, false, 1_000_000),
                trial(1, "off", 2, false, 2_000_000),
                trial(2, "off", 3, false, 4_000_000));
        // when
        List<VariantStats> stats = read();
        // then
        assertThat(stats).hasSize(2);
        VariantStats off =
                stats.stream().filter(s -> s.variant().equals("ifi=off")).findFirst().orElseThrow();
        assertThat(off.factors()).isEqualTo(Map.of("ifi", "off", "files", "8", "size", "8MB"));
        assertThat(off.mean()).isCloseTo(0.003, within(1e-15));
        assertThat(stats.get(0).factors()).containsEntry("ifi", "on");
    }

    private static TrialTimed trial(
            int index, String ifi, int repetition, boolean warmup, long nanos) {
        TrialTimed t = TestEvents.trial("r1", "x", index, DAY.plusSeconds(index));
        t.getFactors().put("ifi", ifi);
        t.setVariant("ifi=" + ifi);
        t.setRepetition(repetition);
        t.setWarmup(warmup);
        t.setDurationNs(nanos);
        return t;
    }

    private void write(TrialTimed... trials) throws Exception {
        TestEvents.writeDataset(dataset, List.of(trials));
    }

    private List<VariantStats> read() {
        return VariantStats.read(dataset, VariantStats.Query.of(ReportFilter.all()));
    }

    private static VariantStats only(List<VariantStats> stats) {
        assertThat(stats).hasSize(1);
        return stats.get(0);
    }
}
