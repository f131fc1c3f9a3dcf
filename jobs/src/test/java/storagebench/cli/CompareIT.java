package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code compare} and {@code trend} on a dataset made by the real pipeline: seed 001's published figures (5 files 1:24
 * and 1:20, 500 files 4:12 and 3:59) imported as CSV, compared as a user would, in every format; an
 * unknown baseline and an empty selection are refused as documented. And {@code trend} as a nightly
 * job would use it: three steady nights and a slow fourth, imported as CSV, are a regression by the
 * window method, and {@code --fail-on-regression} exits 3; by change points (the default) four nights
 * are too few for any change to be significant, and {@code trend} says so.
 */
class CompareIT extends BrokerOnDataDir {
    @BeforeAll
    static void importSeed001() throws Exception {
        Path csv = Files.createTempDirectory("seed001").resolve("seed001.csv");
        Files.writeString(
                csv,
                "step,files,seconds\ninsert,5,84\ninsert,5,80\ninsert,500,252\ninsert,500,239\n");
        importCsv(
                csv,
                "seed-001",
                "sql1",
                "map.step=step",
                "map.duration_s=seconds",
                "factor.files=files");
    }

    /** {@code import --format csv} of one file into the test's data directory, as a user types it. */
    private static void importCsv(Path csv, String experiment, String host, String... options) {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "import",
                                "--data-dir",
                                data.toString(),
                                "--format",
                                "csv",
                                "--experiment",
                                experiment,
                                "--host",
                                host));
        for (String option : options) {
            args.add("--option");
            args.add(option);
        }
        args.add(csv.toString());
        CliOutput imported = CliOutput.run(args.toArray(String[]::new));
        assertThat(imported.exit()).as(imported.err()).isZero();
    }

    private static CliOutput compare(String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "compare";
        all[1] = "--data-dir";
        all[2] = data.toString();
        System.arraycopy(args, 0, all, 3, args.length);
        return CliOutput.run(all);
    }

    @Test
    void fiveHundredFilesAreSlowerByAboutThreeTimes() {
        // when
        CliOutput text = compare("--experiment", "seed-001", "--baseline", "files=5");
        // then
        assertThat(text.exit()).as(text.err()).isZero();
        assertThat(text.out())
                .contains(
                        "seed-001 · sql1 · insert · duration (Welch's t-test on log values, Holm-adjusted)")
                .contains("files=500 vs files=5: slower by ×2.99 [×2.56, ×3.50], p = 0.001");
    }

    @Test
    void seed004sPublishedFiguresOfOneTrialEachGiveTheirRatioUntested() throws Exception {
        // given: seed 004's restore times (4 h 07 and 2 h 35) and TPC-C throughput (17,029 and
        // 21,226), one figure per power plan, imported as CSV
        Path csv =
                Files.writeString(
                        Files.createTempDirectory("seed004").resolve("seed004.csv"),
                        "step,plan,duration,nopm\n"
                                + "restore,balanced,4:07:00,\n"
                                + "restore,high-performance,2:35:00,\n"
                                + "tpcc,balanced,0,17029\n"
                                + "tpcc,high-performance,0,21226\n");
        importCsv(
                csv,
                "seed-004",
                "fb1",
                "map.step=step",
                "map.duration_s=duration",
                "factor.plan=plan",
                "metric.nopm=nopm");
        // when
        CliOutput restore = compare("--experiment", "seed-004", "--baseline", "plan=balanced");
        CliOutput tpcc =
                compare(
                        "--experiment",
                        "seed-004",
                        "--baseline",
                        "plan=balanced",
                        "--metric",
                        "nopm",
                        "--format",
                        "json");
        // then: 14,820 s against 9,300 s, and 21,226 against 17,029, with no NaN and no test
        assertThat(restore.exit()).as(restore.err()).isZero();
        assertThat(restore.out())
                .contains(
                        "plan=high-performance vs plan=balanced: n/a (n = 1): faster by ×1.59 as"
                                + " measured, no interval or test");
        assertThat(tpcc.exit()).as(tpcc.err()).isZero();
        assertThat(tpcc.out())
                .contains(
                        "\"verdict\": \"n/a (n = 1): higher nopm (better) by ×1.25 as measured, no"
                                + " interval or test\"")
                .doesNotContain("NaN")
                .doesNotContain("Infinity");
    }

    @Test
    void everyFormatCarriesTheSameAnswer() {
        assertThat(compare("--experiment", "seed-001", "--format", "csv").out())
                .startsWith(
                        "experiment,host,configuration,step,metric,higher_is_better,variant,baseline,n,baseline_n,")
                .contains("seed-001,sql1,,insert,duration,false,files=500,files=5,2,2,");
        assertThat(compare("--experiment", "seed-001", "--format", "json").out())
                .contains("\"verdict\": \"slower by ×2.99 [×2.56, ×3.50], p = 0.001\"");
        assertThat(compare("--experiment", "seed-001", "--format", "markdown").out())
                .contains(
                        "| seed-001 | sql1 | insert | duration | files=500 | files=5 | slower by ×2.99");
    }

    @Test
    void anUnknownBaselineIsExitTwoNamingTheValuesThereAre() {
        CliOutput result = compare("--experiment", "seed-001", "--baseline", "files=50");
        assertThat(result.exit()).isEqualTo(2);
        assertThat(result.err())
                .contains(
                        "--baseline files=50: no variant with files=50; the factors and their values are:"
                                + " files=5|500")
                .doesNotContain("\tat ");
    }

    @Test
    void anEmptySelectionIsExitOneWithTheReason() {
        CliOutput result = compare("--experiment", "no-such-experiment");
        assertThat(result.exit()).isEqualTo(1);
        assertThat(result.err())
                .contains("nothing to compare")
                .contains("no-such-experiment")
                .contains("; the experiments there are: ");
        // and a host filter that keeps no host is named as the reason's part
        result = compare("--experiment", "seed-001", "--host-label", "role=none");
        assertThat(result.exit()).isEqualTo(1);
        assertThat(result.err())
                .contains(
                        "nothing to compare: no two variants with measured trials of experiment"
                                + " 'seed-001' on the hosts of --host-label role=none");
        // and a run that is not there, with the experiment's latest runs
        result = compare("--experiment", "seed-001", "--run", "20261130-101500-a3f9");
        assertThat(result.exit()).isEqualTo(1);
        assertThat(result.err())
                .contains(
                        "nothing to compare: no two variants with measured trials of experiment"
                                + " 'seed-001' in --run 20261130-101500-a3f9 in ")
                .contains("; the latest runs there are: ");
    }

    @BeforeAll
    static void importFourNights() throws Exception {
        Path dir = Files.createTempDirectory("nightly");
        double[][] nights = {
            {1.00, 1.02, 0.99, 1.01, 1.03},
            {1.01, 0.98, 1.00, 1.02, 0.99},
            {0.99, 1.01, 1.00, 1.03, 1.00},
            {1.50, 1.52, 1.49, 1.55, 1.51}
        };
        for (int night = 0; night < nights.length; night++) {
            StringBuilder csv = new StringBuilder("step,init,start,seconds\n");
            for (int i = 0; i < nights[night].length; i++) {
                csv.append("create,zero,2026-11-0")
                        .append(night + 1)
                        .append("T02:0")
                        .append(i)
                        .append(":00Z,")
                        .append(nights[night][i])
                        .append('\n');
            }
            Path file = Files.writeString(dir.resolve("night" + (night + 1) + ".csv"), csv);
            importCsv(
                    file,
                    "nightly",
                    "vm",
                    "map.step=step",
                    "map.start=start",
                    "map.duration_s=seconds",
                    "factor.init=init");
        }
    }

    @Test
    void theSlowFourthNightIsARegressionAndFailsTheJob() {
        // when
        CliOutput result =
                CliOutput.run(
                        "trend",
                        "--data-dir",
                        data.toString(),
                        "--experiment",
                        "nightly",
                        "--method",
                        "window",
                        "--fail-on-regression");
        // then
        assertThat(result.exit()).as(result.err()).isEqualTo(3);
        assertThat(result.out())
                .contains("nightly: every variant has init=zero\nnightly · vm · create · duration")
                .contains("REGRESSION: latest run ")
                .contains("+50.6% against the mean of the 3 run(s) before it")
                .contains("[Mann-Whitney U test of the latest run's trials against the window's]");
        // and without the flag the trend is only shown
        assertThat(
                        CliOutput.run(
                                        "trend",
                                        "--data-dir",
                                        data.toString(),
                                        "--experiment",
                                        "nightly",
                                        "--method",
                                        "window")
                                .exit())
                .isZero();
    }

    @Test
    void fourNightsAreTooFewForAChangePoint() {
        // when: the default method, change points
        CliOutput result =
                CliOutput.run(
                        "trend",
                        "--data-dir",
                        data.toString(),
                        "--experiment",
                        "nightly",
                        "--fail-on-regression");
        // then: ranks of four runs reach no p below 2 / C(4, 2) = 0.33
        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(result.out())
                .contains(
                        "→ no change point in 4 runs; no regression (with 4 runs no change can reach"
                                + " p < 0.01: --method window judges the latest run by its trials)");
    }

    @Test
    void anUnknownExperimentIsExitOne() {
        CliOutput result =
                CliOutput.run("trend", "--data-dir", data.toString(), "--experiment", "none-such");
        assertThat(result.exit()).isEqualTo(1);
        assertThat(result.err()).contains("no measured trials of experiment 'none-such'");
    }
}
