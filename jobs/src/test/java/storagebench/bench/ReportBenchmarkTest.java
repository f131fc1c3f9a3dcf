package storagebench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.config.Settings;

class ReportBenchmarkTest {
    @TempDir Path data;

    @Test
    void timesEveryStepAgainstThePlainQueryInAbbaPairsAndReportsTheRatiosAndThePage() {
        // given a small dataset: 20,000 trials of 100 variants in 4 runs

        // when
        ReportBenchReport report =
                ReportBenchmark.run(
                        Settings.load(null, Map.of(), Map.of()).withDataDir(data),
                        20_000,
                        100,
                        4,
                        1);

        // then
        assertThat(report.files()).isPositive();
        assertThat(report.pageBytes()).isPositive().isLessThan(ReportBenchReport.PAGE_LIMIT);
        assertThat(report.html().pairs()).hasSize(1);
        assertThat(report.html().as().get(0)).isPositive();
        assertThat(report.html().bs().get(0)).isPositive();
        assertThat(report.compare().pairs()).hasSize(1);
        assertThat(report.format())
                .contains("N = 20,000 trial rows, 100 variants, 4 runs")
                .contains("(b2) compare --metric duration")
                .contains("b2 / a: median ")
                .contains("target < 3 MB: met");
    }

    @Test
    void theTrialsHaveAMeanPerVariantAndWarmUpsAndFailures() {
        // given
        ReportTrials trials = new ReportTrials(Instant.EPOCH, 100, 1_000);

        // when / then: the first 100 of a run warm up, variants repeat every 100 trials
        assertThat(trials.event(0).getWarmup()).isTrue();
        assertThat(trials.event(100).getWarmup()).isFalse();
        assertThat(trials.event(1_000).getWarmup()).isTrue();
        assertThat(trials.event(1).getVariant()).isEqualTo(trials.event(101).getVariant());
        assertThat(trials.event(0).getVariant()).isEqualTo("files=1, file-size=8MB");
        assertThat(trials.event(99).getVariant()).isEqualTo("files=512, file-size=4GB");
        assertThat(trials.event(1_000).getRunId()).isEqualTo("bench-0001");
    }
}
