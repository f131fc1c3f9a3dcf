package storagebench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README's DuckDB query, run as README shows it, over queries/duckdb.sql's views, on a dataset of an
 * old file (no phase, host_settings or metrics columns), a current one and set-up rows: the means are
 * the report's, over measured steps only, and old rows read the defaults.
 */
class ReadmeQueriesTest {
    private static final Path PROJECT = Path.of("").toAbsolutePath().getParent();

    @TempDir Path dir;

    private static String readmeSql() throws Exception {
        String readme = Files.readString(PROJECT.resolve("README.md"));
        String section = readme.substring(readme.indexOf("## Report and queries"));
        Matcher m = Pattern.compile("```sql\\n(.*?)```", Pattern.DOTALL).matcher(section);
        assertThat(m.find()).as("a sql block in README's Report and queries").isTrue();
        return m.group(1);
    }

    /** The views file's statements, with data/parquet where the test's dataset is. */
    private List<String> views() throws Exception {
        String text = Files.readString(PROJECT.resolve("queries/duckdb.sql"));
        String located = text.replace("'data/parquet/", "'" + dir.resolve("data/parquet") + "/");
        List<String> statements = new ArrayList<>();
        for (String statement : located.replaceAll("(?m)^--.*$", "").split(";")) {
            if (!statement.isBlank()) {
                statements.add(statement);
            }
        }
        return statements;
    }

    private void writeDataset(Statement s) throws Exception {
        Path trials =
                Files.createDirectories(
                        dir.resolve("data/parquet/trials/experiment=e/date=2026-11-30"));
        Path runs =
                Files.createDirectories(
                        dir.resolve("data/parquet/runs/experiment=e/date=2026-11-30"));
        String columns =
                "'h' AS host, 'v=1' AS variant, 'create' AS step, 'r1' AS run_id, i AS trial_index,"
                        + " false AS warmup, 'OK' AS outcome, 1000000000 * (i + 1) AS duration_ns,"
                        + " TIMESTAMPTZ '2026-11-30 10:00:00+00' + to_minutes(i) AS start_time";
        s.execute(
                "COPY (SELECT "
                        + columns
                        + " FROM range(0, 2) t(i)) TO '"
                        + trials.resolve("old.parquet")
                        + "' (FORMAT parquet)");
        s.execute(
                "COPY (SELECT "
                        + columns
                        + ", 'measured' AS phase, MAP {'cpu-governor': 'performance'}"
                        + " AS host_settings, MAP {'rows': 1.0} AS metrics FROM range(2, 4) t(i)) TO '"
                        + trials.resolve("new.parquet")
                        + "' (FORMAT parquet)");
        s.execute(
                "COPY (SELECT "
                        + columns
                        + ", 'setup' AS phase, MAP {}::MAP(VARCHAR, VARCHAR)"
                        + " AS host_settings, MAP {}::MAP(VARCHAR, DOUBLE) AS metrics FROM range(4, 6) t(i)) TO '"
                        + trials.resolve("setup.parquet")
                        + "' (FORMAT parquet)");
        s.execute(
                "COPY (SELECT 'r1' AS run_id, 1 AS attempt, TIMESTAMPTZ '2026-11-30 10:00:00+00'"
                        + " AS start_time) TO '"
                        + runs.resolve("r.parquet")
                        + "' (FORMAT parquet)");
    }

    @Test
    void readmesQueryGivesTheReportsMeansOverMeasuredStepsOnly() throws Exception {
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = duckdb.createStatement()) {
            // given
            writeDataset(s);
            for (String view : views()) {
                s.execute(view);
            }
            // when
            double mean;
            long n;
            try (ResultSet rs = s.executeQuery(readmeSql())) {
                assertThat(rs.next()).isTrue();
                n = rs.getLong("n");
                mean = rs.getDouble("mean_s");
                assertThat(rs.next()).as("one group").isFalse();
            }
            // then: the four measured trials, as the report has them, not the set-up rows
            SummaryRow report =
                    Report.summarize(dir.resolve("data/parquet"), ReportFilter.all()).get(0);
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
    }
}
