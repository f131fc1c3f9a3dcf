package storagebench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServeFleetBenchReportTest {
    @Test
    void eachFleetSizeItsDelaysStatementsPageAndMemoryAndTheTargetsAtTenHosts() {
        // given: 10 hosts × 10 firings, shares 1 to 100 ms late; 300 statements in 30 s; pages of
        // 101
        // to 120 ms after a first of 2 s; services of 300 to 309 MB
        List<Long> delays = new ArrayList<>();
        for (long i = 1; i <= 100; i++) {
            delays.add(i);
        }
        Collections.shuffle(delays);
        long[] page = new long[21];
        page[0] = 2_000_000_000L;
        for (int i = 1; i <= 20; i++) {
            page[i] = (100 + i) * 1_000_000L;
        }
        List<Long> rss = new ArrayList<>();
        for (long i = 0; i < 10; i++) {
            rss.add((300 + i) << 20);
        }
        ServeFleetBenchReport.Round ten =
                new ServeFleetBenchReport.Round(
                        10,
                        30,
                        10,
                        0,
                        delays,
                        Map.of(
                                "UPDATE SB_HOSTS SET BEAT_MS = ?",
                                60L,
                                "SELECT 1 FROM SB_FLEET",
                                240L),
                        30,
                        page,
                        rss,
                        250L << 20);
        ServeFleetBenchReport.Round one =
                new ServeFleetBenchReport.Round(
                        1,
                        10,
                        10,
                        0,
                        List.of(5L),
                        Map.of(),
                        30,
                        page,
                        List.of(300L << 20),
                        250L << 20);
        // when
        String shown = new ServeFleetBenchReport(10, 1000, List.of(one, ten)).format();
        // then: nearest-rank percentiles, 10 statements/s in all and 1 per host
        assertThat(ten.delay(0.5)).isEqualTo(50);
        assertThat(ten.delay(0.99)).isEqualTo(99);
        assertThat(ten.statementsPerSecond()).isEqualTo(10.0);
        assertThat(ten.pageMillis(0.5)).isEqualTo(110.0);
        assertThat(ten.rssMb(0.5)).isEqualTo(304.0);
        assertThat(shown)
                .contains("n/a")
                .contains("10.0   1.0/host")
                .contains("(10,000 runs)")
                .contains("target: scheduling delay p99 < 2000 ms at 10 hosts: met")
                .contains("target: Fleet page < 300 ms at 10 hosts x 1,000 runs: met (median)")
                .contains("8.00  SELECT 1 FROM SB_FLEET");
        // and a fleet that fell behind says so, whatever the delays of the shares it took
        ServeFleetBenchReport.Round behind =
                new ServeFleetBenchReport.Round(
                        10, 30, 4, 34, delays, Map.of(), 30, page, rss, 250L << 20);
        assertThat(new ServeFleetBenchReport(10, 1000, List.of(behind)).format())
                .contains(
                        "target: scheduling delay p99 < 2000 ms at 10 hosts: NOT met: 4 of 10 fleet"
                                + " firings taken by every host in time, 34 share(s) left out by busy"
                                + " hosts")
                .contains("4/10");
    }

    @Test
    void firingsComeEvery10SecondsOr3PerHost() {
        assertThat(ServeFleetBenchmark.everySeconds(1)).isEqualTo(10);
        assertThat(ServeFleetBenchmark.everySeconds(10)).isEqualTo(30);
    }

    @Test
    void hostsAreNamedInOrder() {
        assertThat(ServeFleetBenchmark.names(3)).containsExactly("host-01", "host-02", "host-03");
    }
}
