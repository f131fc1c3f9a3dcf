package storagebench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import storagebench.bench.ClusterBenchReport.Kill;
import storagebench.bench.ClusterBenchReport.Pair;

class ClusterBenchReportTest {
    @Test
    void pairsInAbbaOrderWithTheirRatiosAndTheStallsAgainstTheTarget() {
        // given: three pairs, the cluster 1.5, 2 and 1.2 times the embedded broker's overhead;
        // four kills of 8.5 to 12 s, one of them also of the active controller
        List<Pair> pairs =
                List.of(new Pair(false, 10, 15), new Pair(true, 10, 20), new Pair(false, 10, 12));
        List<Kill> kills =
                List.of(
                        new Kill(2, false, 8_500_000_000L),
                        new Kill(3, true, 12_000_000_000L),
                        new Kill(1, false, 9_000_000_000L),
                        new Kill(2, false, 9_400_000_000L));
        // when
        ClusterBenchReport report = new ClusterBenchReport(3, 200, pairs, 1.5, 2.25, 42, kills);
        // then
        assertThat(ClusterBenchReport.median(report.ratios())).isEqualTo(1.5);
        assertThat(ClusterBenchReport.median(report.stalls())).isEqualTo(9.2);
        assertThat(report.format())
                .contains("pair 1 (AB)  embedded  10.00 ms  cluster  15.00 ms  ratio x1.50")
                .contains("pair 2 (BA)  embedded  10.00 ms  cluster  20.00 ms  ratio x2.00")
                .contains(
                        "median x1.50 (range x1.20 to x2.00); load average 1.50 before, 2.25 after")
                .contains("(seed 42)")
                .contains("broker 3, the active controller")
                .contains("stall median 9.2 s, max 12.0 s   target median < 10 s: met");
    }
}
