package storagebench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class OltpBenchReportTest {
    @Test
    void ratiosOfMediansAndOfPairedRoundsAgainstTheTarget() {
        // given: a drifting machine; at 1 client each round's (a) 5% under its (b), at 4 clients 2%
        // over
        OltpBenchReport.Clients one =
                new OltpBenchReport.Clients(
                        1,
                        new Abba.Paired<>(
                                List.of(
                                        new Abba.Pair<>(
                                                false,
                                                new double[] {95, 200},
                                                new double[] {100, 180}),
                                        new Abba.Pair<>(
                                                true,
                                                new double[] {190, 210},
                                                new double[] {200, 170}),
                                        new Abba.Pair<>(
                                                false,
                                                new double[] {285, 190},
                                                new double[] {300, 175})),
                                1.0,
                                1.5));
        OltpBenchReport.Clients four =
                new OltpBenchReport.Clients(
                        4,
                        new Abba.Paired<>(
                                List.of(
                                        new Abba.Pair<>(
                                                false,
                                                new double[] {408, 300},
                                                new double[] {400, 280}),
                                        new Abba.Pair<>(
                                                true,
                                                new double[] {510, 310},
                                                new double[] {500, 290})),
                                1.5,
                                2.0));
        OltpBenchReport report =
                new OltpBenchReport(
                        "jdbc:postgresql://127.0.0.1:55432/storagebench",
                        new OltpBench.Settings(
                                10, List.of(1, 4), Duration.ofSeconds(10), 3, "pgbench"),
                        List.of(one, four));
        // then
        assertThat(one.ratio()).isCloseTo(0.95, Offset.offset(1e-9));
        assertThat(one.pairedRatio()).isCloseTo(0.95, Offset.offset(1e-9));
        assertThat(four.ratio()).isCloseTo(1.02, Offset.offset(1e-9));
        assertThat(report.format())
                .contains("tpcb at scale 10, 10 s per run, 3 ABBA pairs per client count")
                .contains("pgbench -n -M prepared")
                .containsPattern("1 +190\\.0 +200\\.0 +0\\.950 +0\\.950 +200\\.0 +175\\.0  met")
                .contains("1 client(s), each pair's tps (a) / (b): 95/100, 190/200, 285/300")
                .contains(
                        "1 client(s), a / b per pair: median 0.950 (range 0.950 to 0.950) over 3"
                                + " ABBA pairs, each 0.950 (AB) 0.950 (BA) 0.950 (AB); load average"
                                + " 1.00 before, 1.50 after")
                .contains("4 client(s), a / b per pair: median 1.020 (range 1.020 to 1.020)");
    }
}
