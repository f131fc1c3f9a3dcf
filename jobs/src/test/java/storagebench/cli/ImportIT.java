package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.assertj.core.api.Assertions;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import storagebench.report.Report;
import storagebench.report.ReportFilter;
import storagebench.report.SummaryRow;
import storagebench.sink.Dataset;

/**
 * {@code import} through the real broker, job repository and sink: the parsers' fixtures become runs,
 * the dataset and the report show their steps, a second import adds nothing, bad files are refused
 * before anything runs, malformed records are quarantined. One broker for the class, started on the
 * data directory; each import finds and uses it.
 */
class ImportIT extends BrokerOnDataDir {
    static Path fixture(String name) throws Exception {
        return Path.of(ImportIT.class.getResource("/importer/" + name).toURI());
    }

    private static CliOutput importing(String... args) {
        List<String> all = new ArrayList<>(List.of("import", "--data-dir", data.toString()));
        all.addAll(List.of(args));
        return CliOutput.run(all.toArray(String[]::new));
    }

    private static Dataset dataset() {
        return new Dataset(data.resolve("parquet"));
    }

    private static String where(String table, String expression, String condition)
            throws Exception {
        return dataset()
                .column(
                        table,
                        expression
                                + " FROM (SELECT * FROM read_parquet('"
                                + data.resolve("parquet").resolve(table)
                                + "/**/*.parquet', hive_partitioning = true)) WHERE "
                                + condition
                                + " --")
                .get(0);
    }

    private static final String[] BAD_VALUES_OPTIONS = {
        "--option",
        "delimiter=;",
        "--option",
        "timestamp-format=dd.MM.yyyy HH:mm:ss",
        "--option",
        "factor.host=host",
        "--option",
        "map.step=step",
        "--option",
        "map.start=begin",
        "--option",
        "map.end=finish",
        "--option",
        "metric.pages=pages"
    };

    @Test
    void aPgbenchOutputBecomesARunWhoseStepsTheReportShows() throws Exception {
        // when
        CliOutput result =
                importing(
                        "--format",
                        "pgbench",
                        "--experiment",
                        "pg-progress",
                        "--host",
                        "db1",
                        "--factor",
                        "wal=on",
                        fixture("pgbench/summary-pg15-progress-r.txt").toString());
        // then: five progress steps and the run step of one trial
        assertThat(result.exit()).isZero();
        assertThat(result.out())
                .contains("summary-pg15-progress-r.txt imported as run import-pgbench-")
                .contains("6 records, 7 events, 1 trial(s), 0 failed, 0 quarantined");
        List<SummaryRow> rows =
                Report.summarize(
                        data.resolve("parquet"), ReportFilter.all().withExperiment("pg-progress"));
        assertThat(rows)
                .extracting(SummaryRow::step, SummaryRow::n)
                .containsExactly(Tuple.tuple("progress", 5L), Tuple.tuple("run", 1L));
        assertThat(rows).allMatch(r -> r.host().equals("db1") && r.variant().endsWith("wal=on"));
        assertThat(rows.get(1).mean()).isEqualTo(4.98619, Assertions.within(1e-5));
        // one variant: nothing to hold a ratio against
        assertThat(result.out()).contains("pg-progress").contains("progress").doesNotContain("×");
        // and its throughput is the headline, per minute as an oltp run's: tps 945.411226 × 60; its
        // steps are in that table only, not in one of the durations it was set to run for
        assertThat(result.out())
                .contains("\ntpm (higher is better)\n")
                .containsPattern(" run +1 +56,725 .* 0 +0\n")
                .doesNotContain(" unit ")
                .doesNotContain("1000.0");
        // and the run describes the import
        assertThat(
                        where(
                                "runs",
                                "target.kind || ' ' || target.product || ' ' || target.location",
                                "experiment = 'pg-progress'"))
                .isEqualTo("import pgbench summary-pg15-progress-r.txt");
        assertThat(where("runs", "config_text", "experiment = 'pg-progress'"))
                .contains("format: \"pgbench\"")
                .contains("sha256: \"")
                .contains("factors: {\"wal\":\"on\"}");
        assertThat(
                        where(
                                "run_finished",
                                "status || ' ' || trials || ' ' || coalesce(error, '-')",
                                "experiment = 'pg-progress'"))
                .isEqualTo("COMPLETED 1 -");
    }

    @Test
    void severalFilesAreOneRunEachWithDefaultExperimentAndHost() throws Exception {
        // when
        CliOutput result =
                importing(
                        "--format",
                        "fio",
                        fixture("fio/two-jobs.json").toString(),
                        fixture("fio/write-fsync.json").toString());
        // then
        assertThat(result.exit()).isZero();
        assertThat(
                        dataset()
                                .column(
                                        "trials",
                                        "DISTINCT experiment || ' ' || host || ' ' || step || ' ' || "
                                                + "CAST(warmup AS VARCHAR) FROM (SELECT * FROM read_parquet('"
                                                + data.resolve("parquet/trials")
                                                + "/**/*.parquet', hive_partitioning = true)) WHERE experiment LIKE 'fio-two-jobs%' --"))
                .containsExactlyInAnyOrder(
                        "fio-two-jobs imported read false", "fio-two-jobs imported write false");
        assertThat(
                        Report.summarize(
                                data.resolve("parquet"),
                                ReportFilter.all().withExperiment("fio-write-fsync")))
                .isNotEmpty();
        assertThat(result.out())
                .contains("two-jobs.json imported as run")
                .contains("(experiment fio-two-jobs)")
                .contains("(experiment fio-write-fsync)");
        // and each run's summary is under its id, in the order the files were given
        assertThat(result.out())
                .containsPattern(
                        "(?s)two-jobs\\.json imported as run (import-fio-[0-9a-f]+) .*"
                                + "write-fsync\\.json imported as run (import-fio-[0-9a-f]+) .*"
                                + "\n\nrun \\1:\n.*\n\nrun \\2:\n");
    }

    @Test
    void moreThanThreeRunsAreSummarisedTogetherOnce() throws Exception {
        // given: five nights of one experiment, each its own file
        Path folder = Files.createDirectories(data.resolve("five-nights"));
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "--format",
                                "csv",
                                "--experiment",
                                "five-nights",
                                "--option",
                                "map.duration_ms=ms",
                                "--option",
                                "factor.init=init"));
        for (int night = 1; night <= 5; night++) {
            args.add(
                    Files.writeString(
                                    folder.resolve("night-" + night + ".csv"),
                                    "init,ms\nzero,"
                                            + (100 + night)
                                            + "\ninstant,"
                                            + (4 + night)
                                            + "\n")
                            .toString());
        }
        // when
        CliOutput result = importing(args.toArray(String[]::new));
        // then: one table over the five runs, and its answer
        assertThat(result.exit()).isZero();
        String out = result.out();
        assertThat(out)
                .contains(
                        "the 5 runs together (each run's summary: storagebench report --run RUN_ID;"
                                + " run by run: storagebench trend --experiment five-nights --last 20)");
        assertThat(out.split("\n")).filteredOn(l -> l.startsWith("experiment ")).hasSize(1);
        assertThat(out.split("\n"))
                .filteredOn(l -> l.startsWith("five-nights  imported "))
                .hasSize(2)
                .allMatch(l -> l.matches(".* ms +5 .*"));
        assertThat(out).contains("init=zero vs init=instant: slower by ×");
    }

    @Test
    void importedFioRunsFollowOneAnotherInTheOrderTheyRanNotTheOrderGiven() throws Exception {
        // given two nights of one fio job, the later night's file given first; named for their
        // nights,
        // they are one experiment without --experiment
        String output = Files.readString(fixture("fio/randwrite-8k-psync.json"));
        Path later = Files.writeString(tmp.resolve("nightly-2026-11-30.json"), output);
        Path earlier =
                Files.writeString(
                        tmp.resolve("nightly-2026-11-29.json"),
                        output.replace("1796014645794", "1795928245794")
                                .replace("1796014645,", "1795928245,"));
        // when
        CliOutput result = importing("--format", "fio", later.toString(), earlier.toString());
        CliOutput trend =
                CliOutput.run(
                        "trend",
                        "--data-dir",
                        data.toString(),
                        "--experiment",
                        "fio-nightly",
                        "--format",
                        "csv");
        // then: each run starts when fio began (its report time less its 3 s), a day apart
        assertThat(result.exit()).isZero();
        assertThat(trend.exit()).as(trend.err()).isZero();
        String laterRun =
                result.out().replaceAll("(?s).*11-30.json imported as run (\\S+) .*", "$1");
        String earlierRun =
                result.out().replaceAll("(?s).*11-29.json imported as run (\\S+) .*", "$1");
        assertThat(trend.out().lines().skip(1))
                .map(l -> l.replaceAll(".*,(import-fio-\\w+),[^,]*,([^,]+),.*", "$1 $2"))
                .containsExactly(
                        earlierRun + " 2026-11-29T04:57:22.794Z",
                        laterRun + " 2026-11-30T04:57:22.794Z");
        // and so do the runs themselves, as the page's and the service's lists of runs show them
        assertThat(
                        where(
                                "runs",
                                "string_agg(run_id || ' ' || epoch_ms(start_time), ', ' ORDER BY start_time)",
                                "experiment = 'fio-nightly'"))
                .isEqualTo(earlierRun + " 1795928242794, " + laterRun + " 1796014642794");
    }

    @Test
    void importingTheSameFileAgainAddsNothingWhateverItsNameLabelsOrCompression() throws Exception {
        // given
        Path file = fixture("file-stats/throttled-100gb.csv");
        CliOutput first =
                importing("--format", "file-stats", "--experiment", "seed003", file.toString());
        assertThat(first.exit()).isZero();
        Path copy = Files.copy(file, tmp.resolve("renamed-copy.csv"));
        Path gz = tmp.resolve("throttled-100gb.csv.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(file, out);
        }
        Path zst = tmp.resolve("throttled-100gb.csv.zst");
        try (OutputStream out =
                new com.github.luben.zstd.ZstdOutputStream(Files.newOutputStream(zst))) {
            Files.copy(file, out);
        }
        long trials = dataset().rows("trials");
        long samples = dataset().rows("io_samples");
        long runs = dataset().rows("runs");
        long finished = dataset().rows("run_finished");
        // when
        CliOutput again =
                importing("--format", "file-stats", "--experiment", "seed003", file.toString());
        CliOutput renamed =
                importing(
                        "--format",
                        "file-stats",
                        "--experiment",
                        "other",
                        "--host",
                        "h9",
                        copy.toString());
        CliOutput archived =
                importing("--format", "file-stats", "--experiment", "seed003", gz.toString());
        CliOutput zstd =
                importing("--format", "file-stats", "--experiment", "seed003", zst.toString());
        // then
        assertThat(again.exit()).isZero();
        assertThat(renamed.exit()).isZero();
        String runId = first.out().replaceAll("(?s).*imported as run (\\S+) .*", "$1");
        assertThat(again.out()).contains("throttled-100gb.csv already imported as run " + runId);
        assertThat(renamed.out())
                .contains(
                        "renamed-copy.csv already imported as run "
                                + runId
                                + " (experiment seed003)")
                .contains(
                        "--experiment other is not applied: a run keeps the experiment it was first"
                                + " imported with (seed003)");
        assertThat(archived.out())
                .contains("throttled-100gb.csv.gz already imported as run " + runId);
        assertThat(zstd.out()).contains("throttled-100gb.csv.zst already imported as run " + runId);
        assertThat(dataset().rows("trials")).isEqualTo(trials);
        assertThat(dataset().rows("io_samples")).isEqualTo(samples).isGreaterThan(0);
        assertThat(dataset().rows("runs")).isEqualTo(runs);
        assertThat(dataset().rows("run_finished")).isEqualTo(finished);
        assertThat(dataset().distinctEventIds("io_samples")).isEqualTo(samples);
    }

    @Test
    void aFileInAnotherFormatIsRefusedNamingTheFormatExpected() throws Exception {
        // given: binary garbage, and a real fio output given as pgbench
        byte[] garbage = new byte[64 * 1024];
        new Random(7).nextBytes(garbage);
        Path hostile = Files.write(tmp.resolve("hostile.bin"), garbage);
        // when
        CliOutput asFio = importing("--format", "fio", hostile.toString());
        CliOutput asPgbench =
                importing("--format", "pgbench", fixture("fio/two-jobs.json").toString());
        // then
        assertThat(asFio.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(asFio.err())
                .contains(hostile + ": not a fio file: not fio --output-format=json");
        assertThat(asPgbench.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(asPgbench.err()).contains("two-jobs.json: not a pgbench file");
        assertThat(data.resolve("quarantine").resolve("hostile.bin")).doesNotExist();
    }

    @Test
    void missingFilesDirectoriesAndUnknownFormatsExitTwoNamingThem() {
        // when
        CliOutput missing = importing("--format", "fio", tmp.resolve("nope.json").toString());
        CliOutput folder = importing("--format", "fio", tmp.toString());
        CliOutput unknown = importing("--format", "gbakk", tmp.toString());
        // then
        assertThat(missing.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(missing.err()).contains(tmp.resolve("nope.json") + ": no such file");
        assertThat(folder.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(folder.err()).contains(tmp + ": is a directory");
        assertThat(unknown.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(unknown.err())
                .contains("unknown format 'gbakk'; formats: ")
                .contains("fio")
                .contains("events");
    }

    @Test
    void malformedRecordsAreQuarantinedWithTheirLinesAndTheImportSucceeds() throws Exception {
        // when
        List<String> args =
                new ArrayList<>(List.of("--format", "csv", "--experiment", "bad-values"));
        args.addAll(List.of(BAD_VALUES_OPTIONS));
        args.add(fixture("csv/bad-values.csv").toString());
        CliOutput result = importing(args.toArray(String[]::new));
        // then
        assertThat(result.exit()).isZero();
        String runId = result.out().replaceAll("(?s).*imported as run (\\S+) .*", "$1");
        Path quarantine = data.resolve("quarantine").resolve(runId + ".jsonl");
        ObjectMapper json = new ObjectMapper();
        List<String> lines = Files.readAllLines(quarantine);
        assertThat(lines)
                .extracting(l -> json.readTree(l).get("line").asLong())
                .containsExactly(3L, 4L, 5L, 6L, 7L, 9L);
        assertThat(json.readTree(lines.get(3)).get("reason").asText())
                .contains("'many' is not a number");
        assertThat(json.readTree(lines.get(0)).get("file").asText()).endsWith("bad-values.csv");
        assertThat(result.out())
                .contains("6 quarantined (" + quarantine + ")")
                .contains(
                        "\n  first quarantined record: line 3: "
                                + json.readTree(lines.get(0)).get("reason").asText()
                                + "\n");
        assertThat(where("trials", "count(*)", "experiment = 'bad-values'")).isEqualTo("2");
        assertThat(where("run_finished", "error", "experiment = 'bad-values'"))
                .isEqualTo("quarantined=6");
    }

    @Test
    void strictExitsOneWhenRecordsWereQuarantinedButPublishesTheGoodOnes() throws Exception {
        // given: three good rows and one bad
        Path file =
                Files.writeString(
                        tmp.resolve("strict.csv"),
                        "step,seconds\nrestore,10\nrestore,eleven\nrestore,12\nrestore,13\n");
        // when
        CliOutput result =
                importing(
                        "--format",
                        "csv",
                        "--strict",
                        "--experiment",
                        "strict",
                        "--option",
                        "map.step=step",
                        "--option",
                        "map.duration_s=seconds",
                        file.toString());
        // then
        assertThat(result.exit()).isEqualTo(Main.FAILED);
        assertThat(result.err()).contains("records were quarantined and --strict is given");
        assertThat(where("trials", "count(*)", "experiment = 'strict'")).isEqualTo("3");
        assertThat(result.out()).contains("1 quarantined");
        // and a second strict import of it still says so
        assertThat(
                        importing(
                                        "--format",
                                        "csv",
                                        "--strict",
                                        "--option",
                                        "map.step=step",
                                        "--option",
                                        "map.duration_s=seconds",
                                        file.toString())
                                .exit())
                .isEqualTo(Main.FAILED);
    }

    @Test
    void everyNewCommandHasHelp() {
        assertThat(CliOutput.run("import", "--help").out())
                .contains("Formats:")
                .contains("fio")
                .contains("Examples:");
        assertThat(CliOutput.run("replay", "--help").exit()).isZero();
        assertThat(CliOutput.run("export", "--help").exit()).isZero();
    }
}
