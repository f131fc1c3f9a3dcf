package storagebench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SummaryTextTest {
    private static VariantStats stats(
            String variant, String step, String metric, long n, double mean, long failed) {
        return new VariantStats(
                "pg",
                "db1",
                "",
                "clients=" + variant,
                Map.of("clients", variant),
                step,
                metric,
                null,
                1,
                null,
                n,
                n == 0 ? null : mean,
                n < 2 ? null : 4.0,
                n == 0 ? null : mean,
                n == 0 ? null : mean - 1,
                n == 0 ? null : mean + 1,
                n == 0 ? null : mean + 1,
                null,
                null,
                failed,
                1);
    }

    /**
     * A pgbench log's one-second intervals with their throughput, a load step timed alone, and a
     * variant whose every interval failed: no throughput at all.
     */
    private static List<VariantStats> pgbench() {
        return List.of(
                stats("2", "load", VariantStats.DURATION, 3, 12.5, 0),
                stats("2", "progress", VariantStats.DURATION, 5, 1.0, 2),
                stats("2", "progress", "tpm", 5, 56_555, 0),
                stats("8", "load", VariantStats.DURATION, 3, 13.5, 0),
                stats("8", "progress", VariantStats.DURATION, 0, 1.0, 5),
                stats("8", "progress", "tpm", 0, 0, 0));
    }

    @Test
    void aStepItsHeadlineMetricMeasuresIsInThatMetricsTableWithItsFailures() {
        // when
        String text = SummaryText.render(pgbench(), false);

        // then: the durations: the load step, and the variant with no throughput, whose failures
        // show
        String durations = text.substring(0, text.indexOf("\ntpm (higher is better)\n"));
        assertThat(durations)
                .containsPattern("clients=2 +load ")
                .containsPattern("clients=8 +load ")
                .containsPattern("clients=8 +progress .* 5 +1\n")
                .doesNotContainPattern("clients=2 +progress");
        // and the intervals' throughput, with the failed intervals their durations count
        String tpm = text.substring(text.indexOf("\ntpm (higher is better)\n"));
        assertThat(tpm)
                .containsPattern("step +n +mean .* failed +warmups\n")
                .containsPattern("clients=2 +progress +5 +56,555 .* 2 +1\n")
                .doesNotContain("clients=8");
    }

    @Test
    void stepsAllMeasuredByHeadlineMetricsLeaveNoDurationTable() {
        // given: only the intervals
        List<VariantStats> stats =
                List.of(
                        stats("2", "progress", VariantStats.DURATION, 5, 1.0, 0),
                        stats("2", "progress", "tpm", 5, 56_555, 0),
                        stats("8", "progress", VariantStats.DURATION, 5, 1.0, 0),
                        stats("8", "progress", "tpm", 5, 61_000, 0));

        // when
        String text = SummaryText.render(stats, false);

        // then: the throughput table first, with no blank line above it
        assertThat(text).startsWith("tpm (higher is better)\n").doesNotContain(" ms ");
    }

    /**
     * An imported pgbench log's header values: factors of its one variant, or of two; the map in
     * another order than the label, as the dataset's maps come back.
     */
    private static VariantStats header(String clients, String step, String metric, double mean) {
        Map<String, String> factors = new java.util.LinkedHashMap<>();
        factors.put("scaling_factor", "2");
        factors.put("clients", clients);
        factors.put("pgbench_version", "15.18 (Debian 15.18-0+deb12u1)");
        return StatsRows.moved(
                stats(clients, step, metric, 3, mean, 0),
                "pg",
                "clients="
                        + clients
                        + ", pgbench_version=15.18 (Debian 15.18-0+deb12u1), scaling_factor=2",
                factors,
                step);
    }

    @Test
    void theFactorsEveryVariantSharesAreSaidOnceAndEachVariantIsNamedByTheRest() {
        // given: two logs of different clients, the same version and scale
        List<VariantStats> two =
                List.of(
                        header("2", "load", VariantStats.DURATION, 12.5),
                        header("2", "progress", VariantStats.DURATION, 1.0),
                        header("2", "progress", "tpm", 56_555),
                        header("8", "load", VariantStats.DURATION, 13.5),
                        header("8", "progress", VariantStats.DURATION, 1.0),
                        header("8", "progress", "tpm", 61_000));

        // when
        String text = SummaryText.render(two, false);
        String markdown = SummaryText.render(two, true);

        // then
        assertThat(text)
                .startsWith(
                        "pg: every variant has pgbench_version=15.18 (Debian 15.18-0+deb12u1),"
                                + " scaling_factor=2\n\nexperiment ")
                .containsPattern(" clients=2 +load ")
                .containsPattern(" clients=8 +progress +3 +61,000 ")
                .doesNotContain("clients=2, ");
        assertThat(markdown)
                .startsWith("- pg: every variant has pgbench_version=15.18")
                .contains("| clients=8 | progress | 3 | 61,000 |");

        // and: one log alone is its one variant, whose column is left out
        String one = SummaryText.render(two.subList(0, 3), false);
        assertThat(one)
                .startsWith(
                        "pg: every variant has clients=2, pgbench_version=15.18 (Debian"
                                + " 15.18-0+deb12u1), scaling_factor=2\n\nexperiment ")
                .doesNotContain("variant  ")
                .containsPattern("\npg +db1 +progress +3 +56,555 ");
    }

    @Test
    void asMarkdownEveryTableIsOne() {
        // when
        String markdown = SummaryText.render(pgbench(), true);

        // then
        assertThat(markdown)
                .startsWith("| experiment | host |")
                .contains("\n**tpm** (higher is better)\n\n| experiment |")
                .containsPattern(
                        "\\| clients=2 \\| progress \\| 5 \\| 56,555 \\|.*\\| 2 \\| 1 \\|\n");
    }
}
