package storagebench.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.report.RegressionRow;
import storagebench.report.ReportFilter;

/** The dashboard's regressions say why: the regressed run's host figures against its window's. */
class DatasetViewsTest {
    @TempDir Path parquet;

    @Test
    void aRegressionSaysWhatTheHostDidDifferentlyFromTheRunsOfItsWindow() throws Exception {
        // given: run r3 regressed against r1 and r2; its CPU ran at 1.2 GHz, theirs at 3.4
        Path regressions = parquet.resolve("regressions/experiment=e/date=2026-12-05");
        Path samples = parquet.resolve("host_samples/experiment=e/date=2026-12-05");
        Files.createDirectories(regressions);
        Files.createDirectories(samples);
        StringBuilder rows = new StringBuilder();
        for (String run : List.of("r1", "r2", "r3")) {
            double mhz = run.equals("r3") ? 1200 : 3400;
            for (int i = 0; i < 5; i++) {
                rows.append(rows.isEmpty() ? "" : ",\n")
                        .append(
                                "('"
                                        + run
                                        + "/"
                                        + i
                                        + "', '"
                                        + run
                                        + "', 'e', 'h1', 'v=a', 'run', 'measured', false,"
                                        + " TIMESTAMPTZ '2026-12-05 10:00:00+00' + INTERVAL "
                                        + i
                                        + " SECOND, 1000.0, 'cpu', 'all', MAP {'idle': 0.5,"
                                        + " 'freq_mhz': "
                                        + (mhz + i)
                                        + "})");
            }
        }
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement sql = duckdb.createStatement()) {
            sql.execute(
                    "COPY (SELECT * FROM (VALUES "
                            + rows
                            + ") AS t(event_id, run_id, experiment, host, variant, step, phase,"
                            + " warmup, interval_start, interval_ms, source, name, metrics)) TO '"
                            + samples.resolve("a.parquet")
                            + "' (FORMAT parquet)");
            sql.execute(
                    "COPY (SELECT 'g1' AS event_id, 'r3' AS run_id, 'e' AS experiment, 'nightly'"
                            + " AS schedule, 'h1' AS host, 'run' AS step, 'v=a' AS variant,"
                            + " 'duration' AS metric, false AS higher_is_better, ['r1', 'r2'] AS"
                            + " window_runs, 2.0 AS latest_mean, 1.0 AS window_mean, 1.0 AS change,"
                            + " 'Welch' AS test, 0.01 AS p_value, 'slower' AS verdict, TIMESTAMPTZ"
                            + " '2026-12-05 11:00:00+00' AS detected_time) TO '"
                            + regressions.resolve("a.parquet")
                            + "' (FORMAT parquet)");
        }
        // when
        List<RegressionRow> explained =
                DatasetViews.explained(parquet, RegressionRow.read(parquet, ReportFilter.all()));
        // then
        assertThat(explained)
                .singleElement()
                .satisfies(
                        r -> {
                            assertThat(r.windowRuns()).containsExactly("r1", "r2");
                            assertThat(r.why()).isEqualTo("CPU frequency 1.20 vs 3.40 GHz");
                        });
    }
}
