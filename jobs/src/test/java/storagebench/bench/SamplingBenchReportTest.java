package storagebench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SamplingBenchReportTest {
    @Test
    void saysTheSamplersCostPerTickItsShareOfACoreItsEffectAndTheGrowth() {
        // given: 999 intervals (1,000 ticks) costing 50 ms of CPU: 50 µs a tick; 6 rows an
        // interval; the action 0.02% slower in the median pair; 600 and 120 bytes per interval
        Abba.Paired<Double> action =
                new Abba.Paired<>(
                        List.of(
                                new Abba.Pair<>(false, 1.0, 1.0002),
                                new Abba.Pair<>(true, 1.0, 1.0001),
                                new Abba.Pair<>(false, 1.0, 1.0003)),
                        1.0,
                        1.5);
        SamplingBenchReport report =
                new SamplingBenchReport(
                        List.of("vda"), 999, 5994, 50_000_000L, 10, 2000, action, 599_400, 119_880);
        // when
        String text = report.format();
        // then
        assertThat(text)
                .contains("devices: vda")
                .contains("1000 ticks in 10 s at 10 ms, 50.0 µs per tick, 6.0 rows per interval")
                .contains("at 1 s:   0.005% of one core   target < 1%: met")
                .contains("at 100 ms: 0.050% of one core")
                .contains("B / A: median 1.000 (range 1.000 to 1.000) over 3 ABBA pairs")
                .contains("effect +0.0200%   target within 0.1%: met")
                .contains("2.16 MB in the topic (Avro), 0.43 MB in the dataset (Parquet, zstd)");
    }
}
