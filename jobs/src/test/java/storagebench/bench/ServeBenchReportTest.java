package storagebench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServeBenchReportTest {
    @Test
    void percentilesOfTheDelaysAndThePageAgainstTheirTargets() {
        // given: 100 firings, 5 to 104 ms late; a first page of 1.5 s, then 20 of 30 to 49 ms
        List<Long> delays = new ArrayList<>();
        for (long i = 0; i < 100; i++) {
            delays.add(104 - i);
        }
        long[] page = new long[21];
        page[0] = 1_500_000_000L;
        for (int i = 1; i <= 20; i++) {
            page[i] = (29 + i) * 1_000_000L;
        }
        // when
        ServeBenchReport report =
                new ServeBenchReport(100, 1000, delays, page, 400L << 20, 300L << 20);
        // then
        assertThat(report.delayPercentile(0.5)).isEqualTo(54);
        assertThat(report.delayPercentile(0.99)).isEqualTo(103);
        assertThat(report.pageMillis(0.5)).isEqualTo(39.0);
        assertThat(report.format())
                .contains("median    54 ms  p99   103 ms  max   104 ms   target p99 < 1000 ms: met")
                .contains("median    39 ms")
                .contains("the first after start")
                .contains("1500 ms")
                .contains("400 MB")
                .contains("300 MB");
    }
}
