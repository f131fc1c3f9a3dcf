package storagebench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SinkGroupReportTest {
    @Test
    void eachCountIsTheMedianOfItsRoundsAndIsComparedWithOneSink() {
        // given: 1 000 000 events, rounds in mirrored order 1 2 2 1
        SinkGroupReport report =
                new SinkGroupReport(
                        1_000_000,
                        200L << 20,
                        6,
                        true,
                        List.of(
                                new SinkGroupReport.Measure(1, 1, 10_000_000_000L, 17.5, 0.5, 1.9),
                                new SinkGroupReport.Measure(2, 1, 6_000_000_000L, 11.0, 1.9, 2.4),
                                new SinkGroupReport.Measure(2, 2, 7_000_000_000L, 12.6, 2.4, 2.2),
                                new SinkGroupReport.Measure(
                                        1, 2, 12_000_000_000L, 20.0, 2.2, 2.0)));
        // when
        String text = report.format();
        // then: 1 sink 100,000 and 83,333 -> 91,667; 2 sinks 166,667 and 142,857 -> 154,762
        assertThat(report.perSecond(1))
                .isCloseTo(91_666.7, org.assertj.core.data.Offset.offset(1.0));
        assertThat(report.perSecond(2))
                .isCloseTo(154_761.9, org.assertj.core.data.Offset.offset(1.0));
        assertThat(text)
                .contains("on 6 partition(s), the embedded broker")
                .contains(
                        "2      2           7.00        142,857         1.80         2.40        2.20")
                .contains("2 sinks / 1 sink = 1.69, target >= 1.50 when two cores are free: met");
    }
}
