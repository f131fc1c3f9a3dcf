package storagebench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class TargetBenchReportTest {
    @Test
    void ratiosOfMediansMinimaAndPairedRounds() {
        // given: a drifting machine; each round's a is 2% over its b
        TargetBenchReport r =
                new TargetBenchReport(
                        "e",
                        "h2",
                        "jdbc:h2:file:/x",
                        Map.of("rows", "10"),
                        10,
                        List.of(102_000_000L, 204_000_000L, 306_000_000L),
                        List.of(100_000_000L, 200_000_000L, 300_000_000L));
        // then
        assertThat(r.ratio()).isCloseTo(1.02, Offset.offset(1e-9));
        assertThat(r.minRatio()).isCloseTo(1.02, Offset.offset(1e-9));
        assertThat(r.pairedRatio()).isCloseTo(1.02, Offset.offset(1e-9));
        assertThat(r.format())
                .contains("a / b (median of paired rounds)")
                .contains("1.020   target within 3%: met")
                .contains("(a) filegroup-insert measured step          204.0");
        assertThat(TargetBenchReport.median(List.of(4L, 1L, 3L, 2L))).isEqualTo(2.5);
    }
}
