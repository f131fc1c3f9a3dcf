package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import storagebench.compare.Trend;

/** {@code trend}'s text: each run's mean in the unit {@code report} would use for it. */
class TrendTextTest {
    private static final Instant T0 = Instant.parse("2026-11-01T02:00:00Z");

    private static Trend trend(String variant, String metric, double... means) {
        List<Trend.RunMean> runs =
                java.util.stream.IntStream.range(0, means.length)
                        .mapToObj(
                                i ->
                                        new Trend.RunMean(
                                                "r" + i,
                                                T0.plusSeconds(86_400L * i).plusNanos(794_123_000L),
                                                5,
                                                means[i],
                                                ""))
                        .toList();
        return new Trend(
                "nightly",
                "vm",
                "create",
                variant,
                metric,
                runs,
                0,
                null,
                null,
                false,
                "one run",
                "changepoint",
                List.of());
    }

    @Test
    void durationsShareTheUnitOfTheirExperimentAndStep() {
        // given: the slowest mean 0.0152 s, so milliseconds for both variants, as report has them;
        // runs that started at a fraction of a second, shown to the second so the lines align
        List<Trend> trends =
                List.of(
                        trend("init=zero", "duration", 0.0101, 0.0152),
                        trend("init=instant", "duration", 0.000041));
        // when
        String text = TrendCommand.text(trends);
        // then
        assertThat(text)
                .contains("  2026-11-01T02:00:00Z  r0  n=5  mean 10.1 ms\n")
                .contains("  2026-11-02T02:00:00Z  r1  n=5  mean 15.2 ms\n")
                .contains("  2026-11-01T02:00:00Z  r0  n=5  mean 0.0 ms\n");
    }

    @Test
    void metricsAreWrittenAsTheHeadlineTablesWriteThem() {
        // when
        String text = TrendCommand.text(List.of(trend("threads=4", "iops", 15137.4, 231.42)));
        // then
        assertThat(text).contains("mean 15,137\n").contains("mean 231.4\n");
    }
}
