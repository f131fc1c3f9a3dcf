package storagebench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.report.HostScope;
import storagebench.report.RunMean;
import storagebench.report.Tables;
import storagebench.report.TrialValues;
import storagebench.report.TrialsFixture;

/**
 * A trend by change points judges the runs' means: read as each run's mean in SQL it is the trend
 * the trials themselves give, run for run.
 */
class TrendRunMeansTest {
    @TempDir Path parquet;

    @Test
    void theRunsMeansGiveTheTrendTheTrialsGive() throws Exception {
        // given: 14 runs of two variants on two hosts, the zeroing variant 30 % slower from run 10
        // on
        for (int run = 0; run < 14; run++) {
            TrialsFixture fixture = new TrialsFixture();
            int index = 0;
            for (String host : List.of("laptop", "server")) {
                for (String variant : List.of("init=zero", "init=sparse")) {
                    for (int rep = 0; rep < 5; rep++) {
                        double slower = variant.equals("init=zero") && run >= 10 ? 1.3 : 1.0;
                        fixture.trial(
                                String.format("run-%02d", run),
                                "nightly",
                                host,
                                variant,
                                "create",
                                index++,
                                rep == 0,
                                "OK",
                                (1.0 + 0.01 * ((run * 7 + rep * 3) % 5)) * slower,
                                Map.of("iops", 1000.0 / slower + rep));
                    }
                }
            }
            fixture.write(parquet, "nightly", "2026-11-" + (10 + run), "part-" + run);
        }

        for (String metric : List.of("duration", "iops")) {
            // when: the trend of the runs' means and the trend of the trials
            List<Trend> ofMeans;
            List<Trend> ofTrials;
            try (Tables tables = Tables.open(parquet, HostScope.ALL, "nightly")) {
                ofMeans =
                        Trends.ofRunMeans(
                                RunMean.read(tables, metric, "nightly"),
                                metric,
                                TrendOptions.DEFAULT);
                ofTrials =
                        Trends.of(
                                TrialValues.read(tables, metric, "nightly", List.of(), false),
                                metric,
                                TrendOptions.DEFAULT);
            }

            // then: the same series, verdicts and change points; the means equal but for the last
            // bits
            assertThat(ofMeans).hasSize(4).hasSameSizeAs(ofTrials);
            for (int i = 0; i < ofTrials.size(); i++) {
                Trend m = ofMeans.get(i);
                Trend t = ofTrials.get(i);
                assertThat(List.of(m.host(), m.step(), m.variant()))
                        .isEqualTo(List.of(t.host(), t.step(), t.variant()));
                assertThat(m.verdict()).isEqualTo(t.verdict());
                assertThat(m.regression()).isEqualTo(t.regression());
                assertThat(m.changePoints())
                        .extracting(ChangePoint::runId)
                        .isEqualTo(t.changePoints().stream().map(ChangePoint::runId).toList());
                assertThat(m.runs()).hasSameSizeAs(t.runs());
                for (int r = 0; r < t.runs().size(); r++) {
                    assertThat(m.runs().get(r).runId()).isEqualTo(t.runs().get(r).runId());
                    assertThat(m.runs().get(r).n()).isEqualTo(t.runs().get(r).n());
                    assertThat(m.runs().get(r).mean())
                            .isCloseTo(t.runs().get(r).mean(), within(1e-12));
                }
            }
            assertThat(ofMeans)
                    .filteredOn(t -> t.variant().equals("init=zero"))
                    .allSatisfy(t -> assertThat(t.changePoints()).isNotEmpty());
        }
    }

    @Test
    void theWindowMethodNeedsTheTrials() {
        assertThatThrownBy(
                        () ->
                                Trends.ofRunMeans(
                                        List.of(),
                                        "duration",
                                        TrendOptions.DEFAULT.withMethod(TrendMethod.WINDOW)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
