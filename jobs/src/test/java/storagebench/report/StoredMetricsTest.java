package storagebench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoredMetricsTest {
    @TempDir Path dir;

    @Test
    void aNameOutsideEveryFilesRangeOfMetricKeysIsLeftOut() throws Exception {
        // given two files: one with iops and mb_per_s, one with rows_per_s only
        Files.createDirectories(dir.resolve("trials"));
        try (Connection duckdb = DuckDb.connect();
                Statement statement = duckdb.createStatement()) {
            write(statement, "a", "MAP(['iops', 'mb_per_s'], [1.0, 2.0])");
            write(statement, "b", "MAP(['rows_per_s'], [3.0])");
            String files = "'" + dir.resolve("trials") + "/**/*.parquet'";

            // when
            var possible =
                    StoredMetrics.read(duckdb, files)
                            .possible(
                                    List.of("iops", "latency_p99_us", "nopm", "tpm", "queued_ms"));

            // then: latency_p99_us lies between iops and mb_per_s, so it may be there; nopm,
            // queued_ms and tpm lie outside both ranges
            assertThat(possible).containsExactly("iops", "latency_p99_us");
        }
    }

    @Test
    void aFileThatRecordsNoRangeMayHoldAnyName() throws Exception {
        // given a file whose metrics maps are all empty
        Files.createDirectories(dir.resolve("trials"));
        try (Connection duckdb = DuckDb.connect();
                Statement statement = duckdb.createStatement()) {
            write(statement, "c", "MAP {}::MAP(VARCHAR, DOUBLE)");
            String files = "'" + dir.resolve("trials") + "/**/*.parquet'";

            // when / then: no statistics to go by, so every name may be there
            assertThat(StoredMetrics.read(duckdb, files).possible(List.of("iops", "nopm")))
                    .containsExactly("iops", "nopm");
        }
    }

    private void write(Statement statement, String name, String metrics) throws Exception {
        statement.execute(
                "COPY (SELECT 1 AS trial_index, "
                        + metrics
                        + " AS metrics) TO '"
                        + dir.resolve("trials").resolve(name + ".parquet")
                        + "' (FORMAT parquet)");
    }
}
