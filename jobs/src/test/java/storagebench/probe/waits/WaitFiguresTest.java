package storagebench.probe.waits;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.dbms.TargetKind;
import storagebench.events.WaitSample;

class WaitFiguresTest {

    @Test
    void sampledWaitsAreSharesOfAllSessionSamples() {
        // given: 14 samples of a session on a row lock, 2 on CPU, at 100 ms
        Map<WaitKey, Long> counts =
                Map.of(new WaitKey("Lock", "transactionid"), 14L, new WaitKey("CPU", "CPU"), 2L);
        // when
        List<WaitSample.Builder> rows = WaitFigures.sampled(counts, 100);
        // then
        assertThat(rows)
                .extracting(
                        r ->
                                r.getWaitType()
                                        + " "
                                        + r.getSamples()
                                        + " "
                                        + r.getShare()
                                        + " "
                                        + r.getWaitMs())
                .containsExactly("CPU 2 0.125 200.0", "Lock 14 0.875 1400.0");
        assertThat(rows)
                .allMatch(r -> r.getKind().equals(WaitFigures.WAIT) && r.getValue() == null);
    }

    @Test
    void countersAreDeltasAndThoseThatDidNotRiseHaveNoRow() {
        // given
        Instant t = Instant.parse("2026-12-01T10:00:00Z");
        Reading before =
                new Reading(
                        t,
                        0,
                        Map.of(),
                        Map.of(
                                new WaitKey("wal", "wal_bytes"), 1000.0,
                                new WaitKey("bgwriter", "checkpoints_req"), 3.0,
                                new WaitKey("io", "page_reads"), 500.0));
        Reading after =
                new Reading(
                        t.plusSeconds(2),
                        2_000_000_000L,
                        Map.of(),
                        Map.of(
                                new WaitKey("wal", "wal_bytes"), 9192.0,
                                new WaitKey("bgwriter", "checkpoints_req"), 3.0,
                                new WaitKey("io", "page_reads"), 20.0,
                                new WaitKey("file", "new.num_of_writes"), 7.0));
        // when
        List<WaitSample.Builder> rows = WaitFigures.deltas(before, after);
        // then: unchanged and reset counters left out, a new one counted from zero
        assertThat(rows)
                .extracting(
                        r ->
                                r.getKind()
                                        + " "
                                        + r.getWaitType()
                                        + "/"
                                        + r.getName()
                                        + " "
                                        + r.getValue())
                .containsExactly(
                        "counter file/new.num_of_writes 7.0", "counter wal/wal_bytes 8192.0");
    }

    @Test
    void theProductsWithWaitsHaveTheirStatementsAndTheOthersNone() {
        assertThat(TargetKind.POSTGRES.database().waitStatistics().orElseThrow().statements())
                .containsOnlyKeys("sessions", "counters");
        assertThat(TargetKind.FIREBIRD.database().waitStatistics().orElseThrow().statements())
                .containsOnlyKeys("counters");
        assertThat(TargetKind.H2.database().waitStatistics()).isEmpty();
    }
}
