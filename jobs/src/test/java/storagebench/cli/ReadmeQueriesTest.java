package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.report.Report;
import storagebench.report.ReportFilter;
import storagebench.report.SummaryRow;
import storagebench.report.ViewsDataset;
import storagebench.sink.Views;

/**
 * README's queries, run as README shows them ({@code ./storagebench sql "…"}), on a dataset of an
 * old file (no phase, host_settings or metrics columns), a current one, set-up rows and a run: each
 * prints rows; the means are the report's, over measured steps only, also over queries/duckdb.sql's
 * views defined over JDBC as a DuckDB user does; old rows read the defaults.
 */
class ReadmeQueriesTest {
    private static final String SECTION = "## Report and queries";

    @TempDir Path dir;

    private static List<List<String>> sqlCommands() throws Exception {
        List<List<String>> commands =
                ReadmeShell.commands(SECTION).stream().filter(c -> c.get(0).equals("sql")).toList();
        assertThat(commands).as("./storagebench sql commands in README's " + SECTION).isNotEmpty();
        return commands;
    }

    @Test
    void everySqlCommandOfReadmeRunsAsWrittenAndPrintsRows() throws Exception {
        // given
        Path data = dir.resolve("data");
        ViewsDataset.write(data);
        for (List<String> command : sqlCommands()) {
            List<String> args = new ArrayList<>(command);
            args.addAll(List.of("--data-dir", data.toString()));

            // when
            CliOutput out = CliOutput.run(args.toArray(String[]::new));

            // then: a header and at least one row (a table ends with its number of rows)
            assertThat(out.exit()).as(command + "\n" + out.err()).isZero();
            assertThat(out.out().lines().filter(l -> !l.matches("[- ]*")))
                    .as(String.join(" ", command))
                    .hasSizeGreaterThanOrEqualTo(2)
                    .noneMatch(l -> l.equals("(0 rows)"));
        }
    }

    @Test
    void readmesMeansAreTheReportsOverMeasuredStepsOnly() throws Exception {
        // given: README's first query, the means per group
        String means = sqlCommands().get(0).get(1);
        assertThat(means).contains("avg(duration_s) AS mean_s");
        Path parquet = ViewsDataset.write(dir.resolve("data"));
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = duckdb.createStatement()) {
            Views.define(s, parquet);
            // when
            double mean;
            long n;
            try (ResultSet rs = s.executeQuery(means)) {
                assertThat(rs.next()).isTrue();
                n = rs.getLong("n");
                mean = rs.getDouble("mean_s");
                assertThat(rs.next()).as("one group").isFalse();
            }
            // then: the four measured trials, as the report has them, not the set-up rows
            SummaryRow report = Report.summarize(parquet, ReportFilter.all()).get(0);
            assertThat(n).isEqualTo(4).isEqualTo(report.n());
            assertThat(mean).isEqualTo(2.5).isEqualTo(report.mean());
            // and the old rows read the defaults
            try (ResultSet rs =
                    s.executeQuery(
                            "SELECT count(*) FROM trials WHERE phase = 'measured'"
                                    + " AND cardinality(host_settings) = 0 AND cardinality(metrics) = 0")) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(2);
            }
        }
        // and the command prints the same
        CliOutput out = CliOutput.run("sql", means, "--data-dir", dir.resolve("data").toString());
        assertThat(out.out()).containsPattern("(?m)^e +h +\\S+ +v=1 +create +4 +2\\.5$");
    }
}
