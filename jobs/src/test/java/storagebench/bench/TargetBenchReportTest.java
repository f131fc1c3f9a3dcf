package storagebench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class TargetBenchReportTest {
    @Test
    void ratiosOfMediansMinimaAndPairs() {
        // given: a drifting machine; each pair's a is 2% over its b
        TargetBenchReport r =
                new TargetBenchReport(
                        "e",
                        "h2",
                        "jdbc:h2:file:/x",
                        Map.of("rows", "10"),
                        10,
                        new Abba.Paired<>(
                                List.of(
                                        new Abba.Pair<>(false, 102_000_000L, 100_000_000L),
                                        new Abba.Pair<>(true, 204_000_000L, 200_000_000L),
                                        new Abba.Pair<>(false, 306_000_000L, 300_000_000L)),
                                0.5,
                                0.75));
        // then
        assertThat(r.ratio()).isCloseTo(1.02, Offset.offset(1e-9));
        assertThat(r.minRatio()).isCloseTo(1.02, Offset.offset(1e-9));
        assertThat(r.pairedRatio()).isCloseTo(1.02, Offset.offset(1e-9));
        assertThat(r.format())
                .contains("a / b (median of the pairs)")
                .contains("3 ABBA pairs after 1 warm-up pair")
                .contains(
                        "a / b per pair: median 1.020 (range 1.020 to 1.020) over 3 ABBA pairs, each"
                                + " 1.020 (AB) 1.020 (BA) 1.020 (AB); load average 0.50 before,"
                                + " 0.75 after")
                .contains("1.020   target within 3%: met")
                .contains("(a) filegroup-insert measured step          204.0");
        assertThat(TargetBenchReport.median(List.of(4L, 1L, 3L, 2L))).isEqualTo(2.5);
    }
}
