package storagebench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.sink.Views;

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

    @Test
    void readmesQueryGivesTheReportsMeansOverMeasuredStepsOnly() throws Exception {
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = duckdb.createStatement()) {
            // given
            Path parquet = ViewsDataset.write(dir.resolve("data"));
            Views.define(s, parquet);
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
    }
}
