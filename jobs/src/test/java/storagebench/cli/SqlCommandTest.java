package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.report.ResultFormat;
import storagebench.report.SqlSession;
import storagebench.report.ViewsDataset;

/** {@code storagebench sql} over a small dataset of real Parquet files. */
class SqlCommandTest {
    @TempDir Path data;

    private CliOutput sql(String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "sql";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "--data-dir";
        all[args.length + 2] = data.toString();
        return CliOutput.run(all);
    }

    @Test
    void printsAnAlignedTableWithNumbersToTheRightAndTheNumberOfRows() throws Exception {
        // given
        ViewsDataset.write(data);

        // when
        CliOutput out =
                sql(
                        "SELECT experiment, count(*) AS n, avg(duration_s) AS mean_s, NULL AS none"
                                + " FROM measured_trials GROUP BY ALL");

        // then: the four measured trials of 1 s to 4 s, not the set-up rows
        assertThat(out.exit()).as(out.err()).isZero();
        assertThat(out.out())
                .isEqualTo(
                        "experiment  n  mean_s  none\n"
                                + "----------  -  ------  ----\n"
                                + "e           4     2.5  NULL\n"
                                + "(1 row)\n");
    }

    @Test
    void printsCsvQuotedAsRfc4180Says() throws Exception {
        // given
        ViewsDataset.write(data);

        // when
        CliOutput out =
                sql(
                        "SELECT 'a,b' AS text, NULL AS none, 'say \"hi\"' AS quoted, 1.5 AS n,"
                                + " (SELECT count(*) FROM trials) AS trials",
                        "--format",
                        "csv");

        // then
        assertThat(out.exit()).as(out.err()).isZero();
        assertThat(out.out())
                .isEqualTo("text,none,quoted,n,trials\n\"a,b\",,\"say \"\"hi\"\"\",1.5,6\n");
    }

    @Test
    void printsJsonAnArrayOfObjectsWithMapsAsObjects() throws Exception {
        // given
        ViewsDataset.write(data);

        // when
        CliOutput out =
                sql(
                        "SELECT trial_index, phase, host_settings, metrics, NULL AS none FROM trials"
                                + " WHERE trial_index IN (0, 2) ORDER BY trial_index",
                        "--format",
                        "json");

        // then: the old file's row reads the defaults
        assertThat(out.exit()).as(out.err()).isZero();
        assertThat(out.out().lines()).hasSize(4);
        ObjectMapper json = new ObjectMapper();
        assertThat(json.readTree(out.out()))
                .isEqualTo(
                        json.readTree(
                                "[{\"trial_index\":0,\"phase\":\"measured\",\"host_settings\":{},"
                                        + "\"metrics\":{},\"none\":null},"
                                        + "{\"trial_index\":2,\"phase\":\"measured\","
                                        + "\"host_settings\":{\"cpu-governor\":\"performance\"},"
                                        + "\"metrics\":{\"rows\":1.0},\"none\":null}]"));
    }

    @Test
    void runsEachStatementOfAFileAndPrintsEachResult() throws Exception {
        // given
        ViewsDataset.write(data);
        Path file = data.resolve("two.sql");
        Files.writeString(
                file,
                "-- how many; and which runs\n"
                        + "SELECT count(*) AS trials FROM trials;\n"
                        + "SELECT run_id, attempts FROM runs /* one; */ ;\n");

        // when
        CliOutput out = sql("-f", file.toString());

        // then
        assertThat(out.exit()).as(out.err()).isZero();
        assertThat(out.out())
                .isEqualTo(
                        "trials\n------\n     6\n(1 row)\n\n"
                                + "run_id  attempts\n------  --------\nr1             1\n(1 row)\n");
    }

    @Test
    void readsTheStatementsFromStandardInputWhenNoneIsGiven() throws Exception {
        // given
        ViewsDataset.write(data);
        InputStream stdin = System.in;
        System.setIn(
                new ByteArrayInputStream(
                        "SELECT 'x;y' AS text;\nSELECT count(*) AS runs FROM runs"
                                .getBytes(StandardCharsets.UTF_8)));
        CliOutput out;
        try {
            // when
            out = sql("--format", "csv");
        } finally {
            System.setIn(stdin);
        }

        // then
        assertThat(out.exit()).as(out.err()).isZero();
        assertThat(out.out()).isEqualTo("text\nx;y\n\nruns\n1\n");
    }

    @Test
    void anSqlErrorIsOneLineExitTwoAndTheStatementsAfterItDoNotRun() throws Exception {
        // given
        ViewsDataset.write(data);

        // when
        CliOutput out = sql("SELECT 1 AS first; SELECT * FROM nope; SELECT 3 AS third");

        // then
        assertThat(out.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(out.out()).contains("first").doesNotContain("third");
        assertThat(out.err().lines())
                .singleElement()
                .asString()
                .startsWith("storagebench sql: Catalog Error: Table with name nope does not exist!")
                .contains(" The views: trials, ")
                .doesNotContain("Did you mean");
    }

    @Test
    void aTableNearlyNamedAsAViewKeepsDuckDbsGuessAndListsTheViews() throws Exception {
        // given
        ViewsDataset.write(data);

        // when
        CliOutput out = sql("SELECT * FROM trial");

        // then
        assertThat(out.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(out.err().lines())
                .singleElement()
                .asString()
                .startsWith(
                        "storagebench sql: Catalog Error: Table with name trial does not exist!"
                                + " Did you mean \"trials\"? The views: trials, ");
    }

    @Test
    void aViewWithoutFilesIsLeftOutAndSaidSoWhenQueried() throws Exception {
        // given: trials, no runs yet
        ViewsDataset.trials(data.resolve("parquet"));

        // when
        CliOutput trials = sql("SELECT count(*) FROM measured_trials");
        CliOutput runs = sql("SELECT * FROM runs");

        // then
        assertThat(trials.exit()).as(trials.err()).isZero();
        assertThat(runs.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(runs.err().lines())
                .singleElement()
                .asString()
                .startsWith("storagebench sql: Catalog Error: Table with name runs does not exist!")
                .endsWith("(the dataset has no files for the view runs yet)");
    }

    @Test
    void noDatasetYetNamesTheDataDirectoryAndHowToMakeOne() {
        // given an empty data directory

        // when
        CliOutput out = sql("SELECT 1");

        // then
        assertThat(out.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(out.err())
                .startsWith("storagebench sql: no dataset yet in " + data.resolve("parquet"))
                .contains("(data directory " + data + ")")
                .contains("`storagebench run EXPERIMENT.yaml`");
        assertThat(out.out()).isEmpty();
    }

    @Test
    void aMissingFileIsNamed() {
        // when
        CliOutput out = sql("-f", data.resolve("missing.sql").toString());

        // then
        assertThat(out.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(out.err())
                .isEqualTo("storagebench sql: " + data.resolve("missing.sql") + ": no such file\n");
    }

    @Test
    void thePromptRunsStatementsAsTheyEndPrintsErrorsAndGoesOnUntilQuit() throws Exception {
        // given
        ViewsDataset.write(data);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String typed =
                "SELECT 1 AS one\n;\nSELEC 2;\nSELECT 'p;\nq' AS two;\n.quit\nSELECT 3 AS three;\n";

        try (SqlSession session = SqlSession.open(data.resolve("parquet"))) {
            // when
            int exit =
                    new SqlPrompt(
                                    session,
                                    ResultFormat.CSV,
                                    new PrintWriter(out),
                                    new PrintWriter(err))
                            .run(new BufferedReader(new StringReader(typed)));

            // then
            assertThat(exit).isZero();
        }
        assertThat(out.toString())
                .startsWith(
                        "views: trials, measured_trials, run_attempts, runs, run_configurations.")
                .contains("sql> ...> one\n1\n")
                .contains("two\np;\\u000Aq\n")
                .doesNotContain("three");
        assertThat(err.toString().lines())
                .singleElement()
                .asString()
                .startsWith("storagebench sql: Parser Error: syntax error at or near \"SELEC\"");
    }
}
