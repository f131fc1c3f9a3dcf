package storagebench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportTest {
    private static final String ZERO = "init=zero, files=4";
    private static final String NONE = "init=none, files=4";
    private static final String FEW = "files=5, file-size=200MB";
    private static final String MANY = "files=500, file-size=20MB";
    private static final Offset<Double> CLOSE = within(1e-4);

    @TempDir static Path parquet;

    /**
     * e1 on h1: ZERO measured 1, 2, 3, 4 s over runs r1 and r2, one warm-up, one failure; NONE 0.5,
     * 0.5, 1, 1 s; a cleanup step with only a warm-up. e1 on h2: ZERO once, 3 s. e2 on h1 (a file
     * without the metrics column): FEW 84, 80 s; MANY 252, 239 s — seed 001's first and last rows.
     */
    @BeforeAll
    static void dataset() throws IOException, SQLException {
        new TrialsFixture()
                .trial("r1", "e1", "h1", ZERO, "setup", 0, true, "OK", 10)
                .trial("r1", "e1", "h1", ZERO, "cleanup", 0, true, "OK", 0.2)
                .trial("r1", "e1", "h1", ZERO, "setup", 1, false, "OK", 1)
                .trial("r1", "e1", "h1", NONE, "setup", 2, false, "OK", 0.5)
                .trial("r1", "e1", "h1", ZERO, "setup", 3, false, "OK", 2)
                .trial("r1", "e1", "h1", NONE, "setup", 4, false, "OK", 0.5)
                .write(parquet, "e1", "2026-11-30", "r1");
        new TrialsFixture()
                .trial("r2", "e1", "h1", ZERO, "setup", 0, false, "OK", 3)
                .trial("r2", "e1", "h1", NONE, "setup", 1, false, "OK", 1)
                .trial("r2", "e1", "h1", ZERO, "setup", 2, false, "OK", 4)
                .trial("r2", "e1", "h1", NONE, "setup", 3, false, "OK", 1)
                .trial("r2", "e1", "h1", ZERO, "setup", 4, false, "FAILED", 20)
                .write(parquet, "e1", "2026-11-30", "r2");
        new TrialsFixture()
                .trial("r3", "e1", "h2", ZERO, "setup", 0, false, "OK", 3)
                .write(parquet, "e1", "2026-12-01", "r3");
        new TrialsFixture()
                .trial("r4", "e2", "h1", FEW, "insert", 0, false, "OK", 84)
                .trial("r4", "e2", "h1", MANY, "insert", 1, false, "OK", 252)
                .trial("r4", "e2", "h1", FEW, "insert", 2, false, "OK", 80)
                .trial("r4", "e2", "h1", MANY, "insert", 3, false, "OK", 239)
                .withoutMetrics()
                .write(parquet, "e2", "2026-12-01", "r4");
    }

    @Test
    void statisticsMatchHandComputedValues() {
        // given the dataset above

        // when
        SummaryRow zero =
                row(Report.summarize(parquet, ReportFilter.all()), "e1", "h1", ZERO, "setup");

        // then durations 1, 2, 3, 4 s
        assertThat(zero.n()).isEqualTo(4);
        assertThat(zero.mean()).isCloseTo(2.5, CLOSE);
        assertThat(zero.median()).isCloseTo(2.5, CLOSE);
        assertThat(zero.stddev()).isCloseTo(1.2910, CLOSE);
        assertThat(zero.min()).isCloseTo(1.0, CLOSE);
        assertThat(zero.max()).isCloseTo(4.0, CLOSE);
        assertThat(zero.p95()).isCloseTo(3.85, CLOSE);
        // t(3) = 3.1824: 3.1824 × 1.2910 / √4
        assertThat(zero.ci95()).isCloseTo(2.0542, CLOSE);
        assertThat(zero.ciLow()).isCloseTo(0.4458, CLOSE);
        assertThat(zero.ciHigh()).isCloseTo(4.5542, CLOSE);
    }

    @Test
    void warmupsAndFailuresAreCountedButNotInTheStatistics() {
        // given one warm-up (10 s) and one failure (20 s) beside ZERO's four measured trials

        // when
        List<SummaryRow> rows = Report.summarize(parquet, ReportFilter.all());

        // then
        SummaryRow zero = row(rows, "e1", "h1", ZERO, "setup");
        assertThat(zero.warmups()).isEqualTo(1);
        assertThat(zero.failed()).isEqualTo(1);
        assertThat(zero.max()).isCloseTo(4.0, CLOSE);
        SummaryRow onlyWarmup = row(rows, "e1", "h1", ZERO, "cleanup");
        assertThat(onlyWarmup.n()).isZero();
        assertThat(onlyWarmup.warmups()).isEqualTo(1);
        assertThat(onlyWarmup.mean()).isNull();
        assertThat(onlyWarmup.ratios()).isEmpty();
    }

    @Test
    void oneTrialHasNoSpreadAndNoConfidenceInterval() {
        // given e1 ran once on h2

        // when
        SummaryRow single =
                row(Report.summarize(parquet, ReportFilter.all()), "e1", "h2", ZERO, "setup");

        // then
        assertThat(single.n()).isEqualTo(1);
        assertThat(single.mean()).isCloseTo(3.0, CLOSE);
        assertThat(single.stddev()).isNull();
        assertThat(single.ci95()).isNull();
        // nothing else ran on h2: no ratio
        assertThat(single.ratios()).isEmpty();
    }

    @Test
    void ratiosCompareEachVariantWithTheFastestThatDiffersInOneFactorOnly() {
        // given

        // when
        List<SummaryRow> rows = Report.summarize(parquet, ReportFilter.all());

        // then init: 2.5 / 0.75 with files=4 on both sides; files: nothing else has init=zero
        assertThat(row(rows, "e1", "h1", NONE, "setup").ratios())
                .containsOnlyKeys("init")
                .hasEntrySatisfying("init", r -> assertThat(r).isCloseTo(1.0, CLOSE));
        assertThat(row(rows, "e1", "h1", ZERO, "setup").ratios())
                .containsOnlyKeys("init")
                .hasEntrySatisfying("init", r -> assertThat(r).isCloseTo(3.3333, CLOSE));
        // seed 001's files and file-size change together (a zip): each follows from the other, so
        // neither is held fixed when the other is compared: 245.5 / 82
        assertThat(row(rows, "e2", "h1", FEW, "insert").ratios())
                .containsOnlyKeys("files", "file-size")
                .hasEntrySatisfying("files", r -> assertThat(r).isCloseTo(1.0, CLOSE));
        assertThat(row(rows, "e2", "h1", MANY, "insert").ratios())
                .hasEntrySatisfying("files", r -> assertThat(r).isCloseTo(2.9939, CLOSE))
                .hasEntrySatisfying("file-size", r -> assertThat(r).isCloseTo(2.9939, CLOSE));
    }

    @Test
    void aRatioNeverComparesAcrossAnotherFactor(@TempDir Path dir)
            throws IOException, SQLException {
        // given: init × file-size, as local-file-init runs it; instant/256MB is the fastest of all
        new TrialsFixture()
                .trial("r9", "e9", "h1", "init=zero, file-size=8MB", "create", 0, false, "OK", 0.04)
                .trial(
                        "r9",
                        "e9",
                        "h1",
                        "init=zero, file-size=256MB",
                        "create",
                        1,
                        false,
                        "OK",
                        1.34)
                .trial(
                        "r9",
                        "e9",
                        "h1",
                        "init=instant, file-size=8MB",
                        "create",
                        2,
                        false,
                        "OK",
                        0.015)
                .trial(
                        "r9",
                        "e9",
                        "h1",
                        "init=instant, file-size=256MB",
                        "create",
                        3,
                        false,
                        "OK",
                        0.008)
                .write(dir, "e9", "2026-12-01", "r9");

        // when
        List<SummaryRow> rows = Report.summarize(dir, ReportFilter.all());

        // then: zero/8MB against instant/8MB (×2.67), not against instant/256MB (×5)
        SummaryRow zero8 = row(rows, "e9", "h1", "init=zero, file-size=8MB", "create");
        assertThat(zero8.ratios().get("init")).isCloseTo(0.04 / 0.015, CLOSE);
        assertThat(zero8.ratios().get("file-size")).isCloseTo(1.0, CLOSE);
        SummaryRow zero256 = row(rows, "e9", "h1", "init=zero, file-size=256MB", "create");
        assertThat(zero256.ratios().get("init")).isCloseTo(1.34 / 0.008, CLOSE);
        assertThat(zero256.ratios().get("file-size")).isCloseTo(1.34 / 0.04, CLOSE);
        assertThat(ReportFormat.TEXT.render(rows).lines().findFirst().orElseThrow())
                .contains("×init", "×file-size");
    }

    @Test
    void rowsComeByExperimentHostStepAndThenInPlanOrder() {
        // given

        // when
        List<SummaryRow> rows = Report.summarize(parquet, ReportFilter.all());

        // then
        assertThat(rows)
                .extracting(
                        r -> r.experiment() + " " + r.host() + " " + r.step() + " " + r.variant())
                .containsExactly(
                        "e1 h1 cleanup " + ZERO,
                        "e1 h1 setup " + ZERO,
                        "e1 h1 setup " + NONE,
                        "e1 h2 setup " + ZERO,
                        "e2 h1 insert " + FEW,
                        "e2 h1 insert " + MANY);
    }

    @Test
    void runFilterKeepsOnlyThatRunsTrials() {
        // given

        // when
        List<SummaryRow> rows = Report.summarize(parquet, ReportFilter.run("r1"));

        // then
        assertThat(rows).hasSize(3);
        SummaryRow zero = row(rows, "e1", "h1", ZERO, "setup");
        assertThat(zero.n()).isEqualTo(2);
        assertThat(zero.mean()).isCloseTo(1.5, CLOSE);
        assertThat(zero.failed()).isZero();
        assertThat(zero.warmups()).isEqualTo(1);
        assertThat(row(rows, "e1", "h1", NONE, "setup").mean()).isCloseTo(0.5, CLOSE);
    }

    @Test
    void experimentAndHostFiltersCombine() {
        // given

        // when
        List<SummaryRow> e2 = Report.summarize(parquet, ReportFilter.all().withExperiment("e2"));
        List<SummaryRow> h2 = Report.summarize(parquet, ReportFilter.all().withHost("h2"));
        List<SummaryRow> e1h1 =
                Report.summarize(parquet, ReportFilter.all().withExperiment("e1").withHost("h1"));

        // then
        assertThat(e2).extracting(SummaryRow::variant).containsExactly(FEW, MANY);
        assertThat(h2).extracting(SummaryRow::host).containsExactly("h2");
        assertThat(e1h1)
                .hasSize(3)
                .allMatch(r -> r.experiment().equals("e1") && r.host().equals("h1"));
    }

    @Test
    void filterMatchingNothingGivesNoRows() {
        // given

        // when
        List<SummaryRow> rows =
                Report.summarize(parquet, ReportFilter.all().withExperiment("nope"));

        // then
        assertThat(rows).isEmpty();
        assertThat(Report.hasTrials(parquet)).isTrue();
    }

    @Test
    void missingDatasetGivesNoRows(@TempDir Path empty) {
        // given a data dir the sink never wrote to

        // when
        List<SummaryRow> rows = Report.summarize(empty.resolve("parquet"), ReportFilter.all());

        // then
        assertThat(rows).isEmpty();
        assertThat(Report.hasTrials(empty.resolve("parquet"))).isFalse();
    }

    @Test
    void textTableMatchesTheGoldenFile() throws IOException {
        // given
        List<SummaryRow> rows = Report.summarize(parquet, ReportFilter.all());

        // when
        String text = TextTable.render(rows);

        // then
        assertThat(text).isEqualTo(golden("/report/summary.golden.txt"));
    }

    @Test
    void aColumnEmptyInEveryRowShownIsLeftOut() {
        // given: a column with no value in any row, and one with a value in one row
        List<String[]> lines =
                List.of(
                        new String[] {"experiment", "n", "stddev", "×init", "×files"},
                        new String[] {"e1", "1", "-", "×1.00", "-"},
                        new String[] {"e2", "2", "-", "-", "-"});
        // when
        String text = TextTable.alignedWithoutEmpty(lines, 1);
        // then: the empty columns go, the other stays with its dashes, numbers still aligned right
        assertThat(text)
                .isEqualTo(
                        """
                        experiment  n  ×init
                        e1          1  ×1.00
                        e2          2      -
                        """);
    }

    static String golden(String name) throws IOException {
        try (InputStream in = ReportTest.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static SummaryRow row(
            List<SummaryRow> rows, String experiment, String host, String variant, String step) {
        return rows.stream()
                .filter(
                        r ->
                                r.experiment().equals(experiment)
                                        && r.host().equals(host)
                                        && r.variant().equals(variant)
                                        && r.step().equals(step))
                .findFirst()
                .orElseThrow(
                        () ->
                                new AssertionError(
                                        "no row "
                                                + experiment
                                                + "/"
                                                + host
                                                + "/"
                                                + variant
                                                + "/"
                                                + step
                                                + " in "
                                                + rows));
    }
}
