package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.report.TrialsFixture;

/** {@code trend}'s options and output on a dataset written as the sink writes it. */
class TrendCommandTest {
    @TempDir Path data;

    /** 30 runs of five trials, 1.00–1.05 s, 10% slower from r20 on, five minutes apart. */
    private void thirtyNights() throws Exception {
        double[] offsets = {0.003, 0.007, 0.001, 0.009, 0.005, 0.000, 0.008, 0.002, 0.006, 0.004};
        TrialsFixture fixture = new TrialsFixture();
        for (int r = 0; r < 30; r++) {
            for (int t = 0; t < 5; t++) {
                double seconds = (r < 20 ? 1.0 : 1.1) + offsets[r % 10] + 0.01 * t;
                fixture.trial(
                        String.format("r%02d", r),
                        "nightly",
                        "vm",
                        "init=zero",
                        "create",
                        5 * r + t,
                        false,
                        "OK",
                        seconds);
            }
        }
        fixture.write(data.resolve("parquet"), "nightly", "2026-11-30", "trials");
    }

    @Test
    void eachChangePointIsPrintedWithItsRunItsLevelsAndItsPValue() throws Exception {
        // given
        thirtyNights();
        // when
        CommandOutput result = onNightly("trend");
        // then: before r20 the runs' means 1,020 … 1,029 ms, after 1,120 … 1,129 (means 1,024.5 and
        // 1,124.5, ×1.10, in the unit report would use); every run after above every run before:
        // p = 2 / C(30, 10) = 6.6e-8
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out())
                // the one variant's factor said once, above its series
                .startsWith(
                        "nightly: every variant has init=zero\nnightly · vm · create · duration\n")
                .contains(
                        "  ↑ ×1.10 slower since run r20 2026-11-30 11:40 (mean 1024.5 ms [1023.1,"
                                + " 1025.9] → 1124.5 ms [1122.3, 1126.7], p < 0.0001)\n")
                .contains(
                        "  → latest change: ×1.10 slower since run r20 2026-11-30 11:40 (10 runs at"
                                + " the new level, p < 0.0001); no regression [E-Divisive means");
    }

    @Test
    void csvMarksTheRunWhereTheLevelChanged() throws Exception {
        // given
        thirtyNights();
        // when
        CommandOutput result = onNightly("trend", "--format", "csv");
        // then: today's columns, then the method and the change point's
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out())
                .startsWith(
                        "experiment,host,step,variant,metric,run_id,configuration,start,n,mean,"
                                + "latest,window,test,p,regression,method,change_point,mean_before,"
                                + "before_low,before_high,mean_after,after_low,after_high,change_p,"
                                + "change_worse\n");
        assertThat(result.out().lines().filter(l -> l.contains(",changepoint,true,")))
                .singleElement()
                .asString()
                .contains(",r20,")
                .endsWith(",true");
        assertThat(result.out().lines().filter(l -> l.contains(",changepoint,false,,,,,,,,")))
                .hasSize(29);
    }

    @Test
    void theWindowMethodJudgesTheLatestRunAsBefore() throws Exception {
        // given
        thirtyNights();
        // when
        CommandOutput result = onNightly("trend", "--method", "window");
        // then
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out())
                .contains("  → latest run r29 ")
                .contains("[Mann-Whitney U test of the latest run's trials against the window's]")
                .doesNotContain("↑");
    }

    @Test
    void anExperimentOrHostThatIsNotThereIsAnsweredWithTheOnesThatAre() throws Exception {
        // given
        thirtyNights();
        // when
        CommandOutput result =
                CommandOutput.of("trend", "--data-dir", data.toString(), "--experiment", "nighty");
        // then
        assertThat(result.exitCode()).isEqualTo(Main.FAILED);
        assertThat(result.err())
                .startsWith("storagebench trend: no measured trials of experiment 'nighty' in ")
                .endsWith("; the experiments there are: nightly\n");
        // and a host that is not there, with the experiment's hosts
        assertThat(onNightly("trend", "--host", "db9").err())
                .endsWith(
                        "(--host db9) in "
                                + data.resolve("parquet/trials")
                                + "; the hosts there are: vm\n");
    }

    @Test
    void aDatasetWithoutTrialsSaysWhatToRunFirst() {
        // when
        CommandOutput result = onNightly("trend");
        // then
        assertThat(result.exitCode()).isEqualTo(Main.FAILED);
        // (the whole message, the same as report's and compare's: ReportCommandTest)
        assertThat(result.err())
                .startsWith(
                        "storagebench trend: no trials yet in "
                                + data.resolve("parquet")
                                + " (data directory "
                                + data.toAbsolutePath()
                                + "): run an experiment with `storagebench run EXPERIMENT.yaml`");
    }

    @Test
    void aMetricThatIsNotThereIsAnsweredWithTheMetricsThatAre() throws Exception {
        // given: trials with their duration and the metric bytes
        thirtyNights();
        // when
        CommandOutput trend = onNightly("trend", "--metric", "nopm");
        CommandOutput compare = onNightly("compare", "--metric", "nopm");
        CommandOutput compareOfOneVariant = onNightly("compare", "--metric", "bytes");
        // then
        assertThat(trend.exitCode()).isEqualTo(Main.FAILED);
        assertThat(trend.err())
                .isEqualTo(
                        "storagebench trend: no measured trials of experiment 'nightly' with the"
                                + " metric 'nopm' in "
                                + data.resolve("parquet/trials")
                                + "; the metrics there are: duration, bytes\n");
        assertThat(compare.exitCode()).isEqualTo(Main.FAILED);
        assertThat(compare.err()).endsWith("; the metrics there are: duration, bytes\n");
        // and a metric that is there, with one variant to compare, names nothing more
        assertThat(compareOfOneVariant.exitCode()).isEqualTo(Main.FAILED);
        assertThat(compareOfOneVariant.err()).doesNotContain(" there are: ");
    }

    @Test
    void badValuesAreRefusedWithTheOptionAndWhy() {
        assertBad("--p: a level between 0 and 1 (exclusive), got 1.5", "--p", "1.5");
        assertBad("--min-magnitude: a change of 0% or more, got -1.0%", "--min-magnitude", "-1%");
        assertBad("--min-magnitude: a percentage such as 2%, got 'two'", "--min-magnitude", "two");
        assertBad("--recent: at least 1 run, got 0", "--recent", "0");
        assertBad("--window: at least 1, got 0", "--window", "0");
        assertBad("--method: changepoint or window, got 'cusum'", "--method", "cusum");
        assertBad("--last: at least 1 run, got 0", "--last", "0");
        assertBad(
                "--last: text only; csv has a row for every run", "--last", "5", "--format", "csv");
    }

    @Test
    void lastPrintsTheLatestRunsAndStillJudgesEveryRun() throws Exception {
        // given
        thirtyNights();
        // when
        CommandOutput result = onNightly("trend", "--last", "5");
        // then: r25 to r29 printed; the change at r20, among the runs left out, still found
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out())
                .contains(
                        "nightly · vm · create · duration\n"
                                + "  … 25 earlier runs (every run: leave out --last)\n")
                .contains("  r25  n=5  mean ")
                .contains("  r29  n=5  mean ")
                .doesNotContain("  r24  n=5")
                .contains("  ↑ ×1.10 slower since run r20 ");
    }

    @Test
    void byDefaultAStepIsFollowedByItsHeadlineMetricNotTheLengthItWasSetTo() throws Exception {
        // given: six nightly pgbench-like runs: a load step timed, then one-second progress
        // intervals
        // whose tpm drops by a third from r3 on
        TrialsFixture fixture = new TrialsFixture();
        for (int r = 0; r < 6; r++) {
            fixture.pgbenchNight(
                    String.format("r%02d", r),
                    10 * r,
                    2.0 + r % 2 * 0.01,
                    1.0,
                    r < 3 ? 60_000 : 40_000);
        }
        fixture.write(data.resolve("parquet"), "nightly", "2026-11-30", "trials");
        // when
        CommandOutput byDefault = onNightly("trend");
        CommandOutput window = onNightly("trend", "--method", "window", "--window", "3");
        CommandOutput durations = onNightly("trend", "--metric", "duration");
        // then: the load step by its duration, the progress by its tpm, never its one second
        assertThat(byDefault.exitCode()).as(byDefault.err()).isZero();
        assertThat(byDefault.out())
                .contains("nightly · vm · load · duration\n")
                .contains("nightly · vm · progress · tpm\n")
                .contains("  r05  n=5  mean 40,300\n")
                .doesNotContain("progress · duration");
        assertThat(byDefault.out().indexOf("· load ·"))
                .isLessThan(byDefault.out().indexOf("· progress ·"));
        assertThat(window.out())
                .contains("nightly · vm · load · duration\n")
                .contains("nightly · vm · progress · tpm\n")
                .doesNotContain("progress · duration");
        // and --metric duration follows every step's duration, as before
        assertThat(durations.out())
                .contains("nightly · vm · load · duration\n")
                .contains("nightly · vm · progress · duration\n")
                .doesNotContain("· tpm");
    }

    /** {@code command --data-dir … --experiment nightly} and {@code options}. */
    private CommandOutput onNightly(String command, String... options) {
        List<String> args =
                new ArrayList<>(
                        List.of(command, "--data-dir", data.toString(), "--experiment", "nightly"));
        args.addAll(List.of(options));
        return CommandOutput.of(args.toArray(String[]::new));
    }

    private void assertBad(String message, String... option) {
        CommandOutput result = onNightly("trend", option);
        assertThat(result.exitCode()).as(result.err()).isEqualTo(Main.BAD_INPUT);
        assertThat(result.err()).contains(message);
    }
}
