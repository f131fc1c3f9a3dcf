package storagebench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.report.TrialsFixture;

/**
 * The comparisons of a dataset, made from the statistics DuckDB computes over its files, agree with
 * the figures of {@link ComparisonsTest} (computed independently with SciPy), and a value that is not
 * positive still gets the Mann–Whitney test on the values read back.
 */
class ComparisonsOnDatasetTest {
    @TempDir Path parquet;

    @Test
    void theDatasetsStatisticsGiveTheIndependentFigures() throws Exception {
        // given ComparisonsTest's zero and instant trials, a warm-up and a failure, as Parquet
        // files
        TrialsFixture fixture = new TrialsFixture();
        double[] zero = {2.10, 2.35, 2.02, 2.48, 2.21};
        double[] instant = {0.0071, 0.0068, 0.0075, 0.0070, 0.0066};
        int index = 0;
        fixture.trial("r1", "ifi", "vm", "init=zero", "create", index++, true, "OK", 9.9);
        fixture.trial("r1", "ifi", "vm", "init=instant", "create", index++, false, "FAILED", 9.9);
        for (int i = 0; i < zero.length; i++) {
            fixture.trial("r1", "ifi", "vm", "init=zero", "create", index++, false, "OK", zero[i]);
            fixture.trial(
                    "r1", "ifi", "vm", "init=instant", "create", index++, false, "OK", instant[i]);
        }
        fixture.write(parquet, "ifi", "2026-11-30", "r1");

        // when
        List<Comparison> rows = Comparisons.of(parquet, CompareRequest.of("ifi"));

        // then
        Comparison c = rows.get(0);
        assertThat(rows).hasSize(1);
        assertThat(c.n()).isEqualTo(5);
        assertThat(c.ratioOfMeans()).isCloseTo(318.857, withinPercentage(0.01));
        assertThat(c.low()).isCloseTo(287.428, withinPercentage(0.01));
        assertThat(c.high()).isCloseTo(353.724, withinPercentage(0.01));
        assertThat(c.ratioOfMedians()).isCloseTo(315.714, withinPercentage(0.01));
        assertThat(c.p()).isCloseTo(2.55863e-12, withinPercentage(0.1));
        assertThat(c.repetitions()).isEqualTo(32);
        assertThat(c.verdict()).isEqualTo("slower by ×319 [×287, ×354], p < 0.001");
    }

    @Test
    void aValueThatIsNotPositiveIsTestedOnTheValuesReadBack() throws Exception {
        // given: a metric that can be zero (queued time)
        TrialsFixture fixture = new TrialsFixture();
        for (int i = 0; i < 4; i++) {
            fixture.trial("r1", "io", "vm", "size=8MB", "io", 2 * i, false, "OK", 1.0 + i);
            fixture.trial("r1", "io", "vm", "size=1GB", "io", 2 * i + 1, false, "OK", 0.0);
        }
        fixture.write(parquet, "io", "2026-11-30", "r1");

        // when
        Comparison c =
                Comparisons.of(
                                parquet,
                                new CompareRequest(
                                        "io",
                                        Map.of(),
                                        false,
                                        CompareRequest.DURATION,
                                        List.of(),
                                        false))
                        .get(0);

        // then
        assertThat(c.test()).isEqualTo("Mann-Whitney U test");
        assertThat(c.p()).isNotNull().isLessThan(0.05);
    }

    @Test
    void aVerdictNamesTheArmsWithTrialsThatNeverReachedSteadyState() throws Exception {
        // given: file-io trials with a steady state set; one of threads=2's never got there
        TrialsFixture fixture = new TrialsFixture();
        double[] one = {1.00, 1.02, 0.98};
        double[] two = {1.50, 1.55, 1.45};
        for (int i = 0; i < 3; i++) {
            fixture.trial(
                    "r1",
                    "fio",
                    "vm",
                    "threads=1",
                    "io",
                    2 * i,
                    false,
                    "OK",
                    one[i],
                    Map.of("steady", 1.0));
            fixture.trial(
                    "r1",
                    "fio",
                    "vm",
                    "threads=2",
                    "io",
                    2 * i + 1,
                    false,
                    "OK",
                    two[i],
                    Map.of("steady", i == 0 ? 0.0 : 1.0));
        }
        fixture.write(parquet, "fio", "2026-11-30", "r1");
        // when
        List<Comparison> rows =
                Comparisons.of(
                        parquet,
                        new CompareRequest(
                                "fio",
                                Map.of("threads", "1"),
                                false,
                                CompareRequest.DURATION,
                                List.of(),
                                false));
        // then
        assertThat(rows)
                .singleElement()
                .satisfies(
                        c ->
                                assertThat(c.verdict())
                                        .startsWith("slower by ×1.50")
                                        .endsWith("; not steady: threads=2 1 of 3 trials"));
        assertThat(
                        storagebench.report.Unsteady.lines(
                                storagebench.report.Unsteady.read(parquet, null, List.of(), null)))
                .isEqualTo(
                        "not steady: fio · vm · io · threads=2: 1 of 3 trials never reached steady"
                                + " state (measured after the longest ramp)\n");
    }

    @Test
    void beside_aHeadlineMetric_theDurationIsComparedOnlyForTheStepsItDoesNotMeasure()
            throws Exception {
        // given: pgbench-like trials, each one-second interval measured by its tpm, and a load step
        // measured by its duration
        TrialsFixture fixture = new TrialsFixture();
        double[] one = {38_000, 39_000, 40_000};
        double[] four = {56_000, 57_000, 58_000};
        int index = 0;
        for (int i = 0; i < 3; i++) {
            fixture.trial(
                    "r1",
                    "pgb",
                    "vm",
                    "clients=1, scale=2",
                    "load",
                    index++,
                    false,
                    "OK",
                    2.0 + i / 10.0);
            fixture.trial(
                    "r1",
                    "pgb",
                    "vm",
                    "clients=4, scale=2",
                    "load",
                    index++,
                    false,
                    "OK",
                    3.0 + i / 10.0);
            fixture.trial(
                    "r1",
                    "pgb",
                    "vm",
                    "clients=1, scale=2",
                    "progress",
                    index++,
                    false,
                    "OK",
                    1.0,
                    Map.of("tpm", one[i]));
            fixture.trial(
                    "r1",
                    "pgb",
                    "vm",
                    "clients=4, scale=2",
                    "progress",
                    index++,
                    false,
                    "OK",
                    1.0,
                    Map.of("tpm", four[i]));
        }
        fixture.write(parquet, "pgb", "2026-11-30", "r1");
        CompareRequest request = CompareRequest.of("pgb");

        // when: compared on the default metrics, then on the duration alone
        List<Comparison> byDefault = Comparisons.of(parquet, request, Comparisons.defaultMetrics());
        List<Comparison> durations =
                Comparisons.of(parquet, request, List.of(CompareRequest.DURATION));

        // then: the interval's set length is not compared beside its tpm, unless asked for
        assertThat(byDefault)
                .extracting(c -> c.step() + " " + c.metric())
                .containsExactly("load duration", "progress tpm");
        assertThat(durations)
                .extracting(c -> c.step() + " " + c.metric())
                .containsExactly("load duration", "progress duration");
        // and each side is named by the factor that tells it apart, the one held fixed in every
        // comparison said once above them
        assertThat(CompareFormat.TEXT.render(byDefault))
                .startsWith("pgb: every variant compared has scale=2\npgb · vm · load · duration")
                .contains("  clients=4 vs clients=1: slower by ×")
                .contains("  clients=1 vs clients=4: lower tpm (worse) by ×")
                .doesNotContain("scale=2)")
                .doesNotContain("clients=1, scale=2");
        // and as Markdown, the held-fixed factors in a column of their own
        assertThat(CompareFormat.MARKDOWN.render(byDefault))
                .startsWith(
                        "| experiment | host | step | metric | variant | baseline | held fixed |"
                                + " verdict | test |\n|---|---|---|---|---|---|---|---|---|\n")
                .contains(
                        "| pgb | vm | progress | tpm | clients=1 | clients=4 | scale=2 | lower tpm");
    }
}
