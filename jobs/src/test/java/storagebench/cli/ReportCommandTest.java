package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.report.TrialsFixture;

class ReportCommandTest {
    private static final String R1 = "20261130-101500-a3f9";
    private static final String R2 = "20261130-101600-b001";
    private static final String R9 = "import-fio-00112233445566ff";
    @TempDir Path data;

    @Test
    void emptyDataDirExitsOneNamingTheDataDirectoryAndHowToFillIt() {
        // given a data dir nothing wrote to
        for (String command : List.of("report", "compare")) {

            // when
            CommandOutput result = run(command, "--data-dir", data.toString());

            // then
            assertThat(result.exitCode()).isEqualTo(Main.FAILED);
            assertThat(result.err())
                    .isEqualTo(
                            "storagebench "
                                    + command
                                    + ": no trials yet in "
                                    + data.resolve("parquet")
                                    + " (data directory "
                                    + data.toAbsolutePath()
                                    + "): run an experiment with `storagebench run EXPERIMENT.yaml`"
                                    + " (e.g. `storagebench run pipeline-config/local/file-init.yaml`)"
                                    + " or import logs with `storagebench import`; `storagebench"
                                    + " sink` writes what a run with --no-sink left on the topic; or"
                                    + " name the data directory that holds them with --data-dir\n");
            assertThat(result.out()).isEmpty();
        }
    }

    @Test
    void printsTheSummaryInTheChosenFormat() throws Exception {
        // given
        oneExperiment();

        // when
        CommandOutput csv =
                run("report", "--data-dir", data.toString(), "--format", "CSV", "--run", R1);
        CommandOutput text =
                run("report", "--data-dir", data.toString(), "--experiment", "e1", "--host", "h1");

        // then
        assertThat(csv.exitCode()).isZero();
        assertThat(csv.out())
                .startsWith("experiment,host,configuration,variant,step,n,mean_s")
                .contains("e1,h1,,\"init=zero, files=4\",setup,2,1.5,1.5,");
        assertThat(text.exitCode()).isZero();
        // the one variant's factors, a header, the row, and a note that three widely spread
        // trials have the log-normal interval
        assertThat(text.out().lines()).hasSize(5);
        assertThat(text.out())
                .startsWith("e1: every variant has init=zero, files=4\n\nexperiment  host  step ")
                .contains("note: e1 · h1 · setup: skewed values (n = 3)");
        // one variant: nothing to hold a ratio against
        assertThat(text.out()).doesNotContain("×");
    }

    @Test
    void writesTheHtmlPageAndThePngChartsInsteadOfTheSummary() throws Exception {
        // given
        oneExperiment();
        Path page = data.resolve("out/report.html");
        Path png = data.resolve("png");

        // when
        CommandOutput result =
                run(
                        "report",
                        "--data-dir",
                        data.toString(),
                        "--html",
                        page.toString(),
                        "--png",
                        png.toString());

        // then
        Path chart = png.resolve("e1--setup--means.png");
        assertThat(result.exitCode()).isZero();
        assertThat(result.out())
                .isEqualTo(
                        "wrote "
                                + page.toAbsolutePath()
                                + "\nwrote "
                                + chart.toAbsolutePath()
                                + "\n");
        assertThat(Files.readString(page))
                .contains("<h2>e1</h2>", "no comparisons", "Trends across runs");
        assertThat(chart).isNotEmptyFile();
    }

    @Test
    void aRunsPageNamesTheRunInItsSubtitle() throws Exception {
        // given
        oneExperiment();
        Path page = data.resolve("run.html");

        // when
        CommandOutput result =
                run(
                        "report",
                        "--data-dir",
                        data.toString(),
                        "--run",
                        R1,
                        "--html",
                        page.toString());

        // then: the subtitle says which run, in words, not as the option that chose it
        assertThat(result.exitCode()).isZero();
        String html = Files.readString(page);
        assertThat(html).contains("<header><h1>storagebench report</h1><p>run " + R1 + " · made ");
        assertThat(html).doesNotContain("--run");
    }

    @Test
    void anHtmlPageOfNothingIsNotWritten() throws Exception {
        // given
        oneExperiment();
        Path page = data.resolve("report.html");

        // when
        CommandOutput result =
                run(
                        "report",
                        "--data-dir",
                        data.toString(),
                        "--experiment",
                        "nope",
                        "--html",
                        page.toString());

        // then
        assertThat(result.exitCode()).isEqualTo(Main.FAILED);
        assertThat(result.err())
                .startsWith("storagebench report: no trials match --experiment nope")
                .contains("; the experiments there are: e1");
        assertThat(page).doesNotExist();
    }

    @Test
    void anExperimentThatIsNotThereIsAnsweredWithTheOnesThatAre() throws Exception {
        // given
        oneExperiment();
        new TrialsFixture()
                .trial(R1, "e2", "h1", "init=zero", "setup", 0, false, "OK", 1)
                .write(data.resolve("parquet"), "e2", "2026-11-30", "part-0");

        // when
        CommandOutput result = run("report", "--data-dir", data.toString(), "--experiment", "e3");

        // then
        assertThat(result.exitCode()).isEqualTo(Main.FAILED);
        assertThat(result.err())
                .isEqualTo(
                        "storagebench report: no trials match --experiment e3 in "
                                + data.resolve("parquet/trials")
                                + "; the experiments there are: e1, e2\n");
    }

    @Test
    void aHostThatIsNotThereIsAnsweredWithTheExperimentsHosts() throws Exception {
        // given
        oneExperiment();

        // when
        CommandOutput result =
                run("report", "--data-dir", data.toString(), "--experiment", "e1", "--host", "h9");

        // then
        assertThat(result.exitCode()).isEqualTo(Main.FAILED);
        assertThat(result.err()).endsWith("; the hosts there are: h1\n");
    }

    @Test
    void aRunThatIsNotThereIsAnsweredWithTheLatestRuns() throws Exception {
        // given
        oneExperiment();

        // when
        CommandOutput ofTheExperiment =
                run("report", "--data-dir", data.toString(), "--experiment", "e1", "--run", R9);
        CommandOutput ofAny = run("report", "--data-dir", data.toString(), "--run", R9);

        // then: both runs started at the same minute, named by id
        assertThat(ofTheExperiment.exitCode()).isEqualTo(Main.FAILED);
        assertThat(ofTheExperiment.err())
                .endsWith("; the latest runs there are: " + R1 + ", " + R2 + "\n");
        assertThat(ofAny.err())
                .endsWith("; the latest runs there are: " + R1 + " (e1), " + R2 + " (e1)\n");
    }

    @Test
    void whatIsThereButFilteredToNothingNamesNothingElse() throws Exception {
        // given
        oneExperiment();

        // when: the experiment, host and run are there; the label leaves their trials out
        CommandOutput result =
                run(
                        "report",
                        "--data-dir",
                        data.toString(),
                        "--experiment",
                        "e1",
                        "--host",
                        "h1",
                        "--run",
                        R1,
                        "--host-label",
                        "role=none");

        // then
        assertThat(result.exitCode()).isEqualTo(Main.FAILED);
        assertThat(result.err()).doesNotContain(" there are: ");
    }

    @Test
    void anHtmlPageReplacesAPageButNoOtherFileAndChartsGoToAFolder() throws Exception {
        // given
        oneExperiment();
        Path page = data.resolve("report.html");
        Files.writeString(page, "<!DOCTYPE html>\n<html><body>page-before-1f2e</body></html>\n");
        Path notes = data.resolve("notes.txt");
        Files.writeString(notes, "notes");

        // when
        CommandOutput replaced =
                run("report", "--data-dir", data.toString(), "--html", page.toString());
        CommandOutput refused =
                run("report", "--data-dir", data.toString(), "--html", notes.toString());
        CommandOutput folder =
                run("report", "--data-dir", data.toString(), "--html", data.toString());

        // then
        assertThat(replaced.exitCode()).as(replaced.err()).isZero();
        String html = Files.readString(page);
        assertThat(html.contains("<h1>storagebench report</h1>")).isTrue();
        assertThat(html.contains("page-before-1f2e")).isFalse();
        assertThat(refused.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(refused.err())
                .isEqualTo(
                        "storagebench report: --html "
                                + notes
                                + ": exists and is not an HTML page; not replaced: remove it or choose"
                                + " another name\n");
        assertThat(notes).hasContent("notes");
        assertThat(folder.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(folder.err()).contains(": is a folder; not replaced");
        // and charts asked into a file
        CommandOutput charts =
                run("report", "--data-dir", data.toString(), "--png", notes.toString());
        assertThat(charts.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(charts.err())
                .isEqualTo(
                        "storagebench report: --png "
                                + notes
                                + ": is a file; give a folder (made where it is missing)\n");
        assertThat(notes).hasContent("notes");
    }

    @Test
    void markdownPrintsTheSummaryAsATable() throws Exception {
        // given
        oneExperiment();

        // when
        CommandOutput result = run("report", "--data-dir", data.toString(), "--format", "markdown");

        // then: the summary and its notes, nothing of what comes under the text table
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out())
                .startsWith(
                        "- e1: every variant has init=zero, files=4\n\n"
                                + "| experiment | host | step | unit | n | mean |")
                .contains("\n|---|---|---|---|---:|")
                .contains("| e1 | h1 | setup | ms | 3 | 2000.0 |")
                .contains("\n\n- note: e1 · h1 · setup: skewed values");
    }

    @Test
    void filterMatchingNothingExitsOne() throws Exception {
        // given
        oneExperiment();

        // when
        CommandOutput result =
                run("report", "--data-dir", data.toString(), "--experiment", "nope", "--run", R9);

        // then
        assertThat(result.exitCode()).isEqualTo(Main.FAILED);
        assertThat(result.err())
                .startsWith(
                        "storagebench report: no trials match --experiment nope --run "
                                + R9
                                + " in ");
    }

    @Test
    void unreadableFileExitsOneWithoutAStackTrace() throws Exception {
        // given a trials file that is not Parquet
        Path file = data.resolve("parquet/trials/experiment=e1/date=2026-11-30/broken.parquet");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "not parquet");

        // when
        CommandOutput result = run("report", "--data-dir", data.toString());

        // then
        assertThat(result.exitCode()).isEqualTo(Main.FAILED);
        assertThat(result.err())
                .startsWith(
                        "storagebench report: "
                                + data.resolve("parquet/trials")
                                + ": cannot summarise the trials: ")
                .doesNotContain("\tat ")
                .hasLineCount(1);
    }

    @Test
    void aRunIdOfNoShapeStorageBenchMakesIsBadInput() throws Exception {
        // given
        oneExperiment();

        // when
        CommandOutput result =
                run("report", "--data-dir", data.toString(), "--run", "../../../evilrun");

        // then
        assertThat(result.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(result.err())
                .isEqualTo(
                        "storagebench report: --run: '../../../evilrun' is not a run id: a run's is "
                                + "yyyyMMdd-HHmmss-xxxx (e.g. 20261130-101500-a3f9), an import's import-<format>-<16 hex digits>\n");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void unknownFormatIsBadInput() {
        // given

        // when
        CommandOutput result = run("report", "--data-dir", data.toString(), "--format", "xml");

        // then
        assertThat(result.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(result.err()).contains("expected text, markdown, csv or json, got 'xml'");
    }

    @Test
    void helpNamesTheOptions() {
        // given

        // when
        CommandOutput result = run("report", "--help");

        // then
        assertThat(result.exitCode()).isZero();
        assertThat(result.out())
                .contains(
                        "--experiment=NAME",
                        "--run=RUN_ID",
                        "--host=HOST",
                        "--format=FORMAT",
                        "--html=FILE",
                        "--png=DIR",
                        "--data-dir=DIR",
                        "95% confidence interval");
        assertThat(result.err()).isEmpty();
    }

    private void oneExperiment() throws Exception {
        new TrialsFixture()
                .trial(R1, "e1", "h1", "init=zero, files=4", "setup", 0, false, "OK", 1)
                .trial(R1, "e1", "h1", "init=zero, files=4", "setup", 1, false, "OK", 2)
                .trial(R2, "e1", "h1", "init=zero, files=4", "setup", 0, false, "OK", 3)
                .write(data.resolve("parquet"), "e1", "2026-11-30", "part-0");
    }

    private static CommandOutput run(String... args) {
        return CommandOutput.of(args);
    }
}
