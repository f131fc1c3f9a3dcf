package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import storagebench.report.Report;
import storagebench.report.ReportFilter;
import storagebench.report.SummaryRow;
import storagebench.sink.Dataset;

/**
 * A HammerDB log through the real pipeline (broker, job repository, sink): a sequence of virtual-user
 * tests becomes one run whose trials carry the factor virtual-users, nopm and tpm on the run step and
 * the time profile's procedures as sub-steps; report and compare show them; a second import adds
 * nothing; a log cut in its last test fails that trial only.
 */
class HammerdbImportIT extends BrokerOnDataDir {
    private static final String EXPERIMENT = "seed-003-oltp";

    private static CliOutput command(String name, String... args) {
        List<String> all = new ArrayList<>(List.of(name, "--data-dir", data.toString()));
        all.addAll(List.of(args));
        return CliOutput.run(all.toArray(String[]::new));
    }

    private static String fixture(String name) throws Exception {
        return ImportIT.fixture("hammerdb/" + name).toString();
    }

    private static List<String> trials(String expression, String condition) throws Exception {
        Path trials = data.resolve("parquet/trials");
        return new Dataset(data.resolve("parquet"))
                .column(
                        "trials",
                        expression
                                + " FROM (SELECT * FROM read_parquet('"
                                + trials
                                + "/**/*.parquet', hive_partitioning = true)) WHERE "
                                + condition
                                + " ORDER BY 1 --");
    }

    @Test
    void aSequenceOfTestsWithItsTimeProfileLandsAsOneRunThatReportAndCompareShow()
            throws Exception {
        // when
        CliOutput imported =
                command(
                        "import",
                        "--format",
                        "hammerdb",
                        "--experiment",
                        EXPERIMENT,
                        "--host",
                        "sql1",
                        fixture("log-then-profile.log"));

        // then two trials, each a run step and five sub-steps
        assertThat(imported.exit()).as(imported.err()).isZero();
        assertThat(imported.out())
                .contains("log-then-profile.log imported as run import-hammerdb-")
                .contains("12 records, 13 events, 2 trial(s), 0 failed, 0 quarantined");
        assertThat(
                        trials(
                                "factors['virtual-users'] || ' ' || CAST(metrics['nopm'] AS BIGINT)"
                                        + " || ' ' || CAST(metrics['tpm'] AS BIGINT)",
                                "experiment = '" + EXPERIMENT + "' AND step = 'run'"))
                .containsExactly("1 21402 49302", "2 35118 80877");
        assertThat(
                        trials(
                                "factors['virtual-users'] || ' ' || step || ' ' || metrics['p99_ms']",
                                "experiment = '" + EXPERIMENT + "' AND step = 'run.neword'"))
                .containsExactly("1 run.neword 4.021", "2 run.neword 5.421");
        // each test's timed period after its header (10:17:38 and 10:21:59 CEST) and 1 min ramp-up
        assertThat(
                        trials(
                                "DISTINCT strftime(start_time AT TIME ZONE 'UTC', '%H:%M:%S')",
                                "experiment = '" + EXPERIMENT + "'"))
                .containsExactly("08:18:38", "08:22:59");
        List<SummaryRow> rows =
                Report.summarize(
                        data.resolve("parquet"), ReportFilter.all().withExperiment(EXPERIMENT));
        assertThat(rows)
                .extracting(SummaryRow::variant, SummaryRow::step, SummaryRow::n)
                .contains(
                        Tuple.tuple("virtual-users=1, database=PostgreSQL", "run", 1L),
                        Tuple.tuple("virtual-users=2, database=PostgreSQL", "run", 1L),
                        Tuple.tuple("virtual-users=2, database=PostgreSQL", "run.neword", 1L));

        // and report and compare show the run, its sub-steps and nopm
        CliOutput report = command("report", "--experiment", EXPERIMENT);
        assertThat(report.exit()).as(report.err()).isZero();
        assertThat(report.out())
                .startsWith("seed-003-oltp: every variant has database=PostgreSQL\n")
                .contains("run.neword")
                .containsPattern(" virtual-users=2 +run\\.neword ");
        CliOutput compare =
                command(
                        "compare",
                        "--experiment",
                        EXPERIMENT,
                        "--metric",
                        "nopm",
                        "--format",
                        "csv");
        assertThat(compare.exit()).as(compare.err()).isZero();
        assertThat(compare.out())
                .contains(EXPERIMENT + ",sql1,,run,nopm,true,")
                .contains("virtual-users=2");

        // and importing the same log again adds nothing
        CliOutput again =
                command(
                        "import",
                        "--format",
                        "hammerdb",
                        "--experiment",
                        EXPERIMENT,
                        fixture("log-then-profile.log"));
        assertThat(again.exit()).as(again.err()).isZero();
        assertThat(again.out()).contains("already imported as run import-hammerdb-");
        assertThat(trials("count(*)", "experiment = '" + EXPERIMENT + "'")).containsExactly("12");
    }

    @Test
    void aLogCutInItsLastTestFailsThatTrialOnly() throws Exception {
        // when
        CliOutput imported =
                command(
                        "import",
                        "--format",
                        "hammerdb",
                        "--experiment",
                        "hammerdb-cut",
                        fixture("hammerdb-log-cut.log"));

        // then
        assertThat(imported.exit()).as(imported.err()).isZero();
        assertThat(imported.out()).contains("2 trial(s), 1 failed, 0 quarantined");
        assertThat(
                        trials(
                                "factors['virtual-users'] || ' ' || outcome || ' ' ||"
                                        + " coalesce(CAST(metrics['incomplete'] AS INTEGER), 0)",
                                "experiment = 'hammerdb-cut'"))
                .containsExactly("2 OK 0", "4 FAILED 1");
    }
}
