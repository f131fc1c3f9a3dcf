package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** README's {@code bench import}, scaled down, on the embedded broker: both parts and their goals. */
class BenchImportCommandIT {
    @TempDir Path data;

    @Test
    void manyFilesAndALargeLogAreEachMeasuredBesideTheirFloor() {
        // when
        CliOutput out =
                CliOutput.run(
                        "bench",
                        "import",
                        "--files",
                        "20",
                        "--records",
                        "5",
                        "--lines",
                        "2000",
                        "--pairs",
                        "1",
                        "--data-dir",
                        data.toString());

        // then
        assertThat(out.exit()).as(out.err()).isZero();
        assertThat(out.out())
                .contains("bench import: 1 ABBA pairs after a warm-up pair")
                .contains("many files: 20 CSV files of 5 records, 140 events")
                .containsPattern("pair 1 \\(AB\\)  \\(a\\) floor +\\d+\\.\\d\\d s  \\(b\\) import")
                .containsPattern("goal <= 30 s for 1,000 files: (met|NOT met)")
                .contains("large file: a pgbench -l log of 2,000 lines")
                .containsPattern("\\(a\\) DuckDB +\\d+\\.\\d\\d s  \\(b\\) import")
                .containsPattern("goal >= 0.5: (met|NOT met)")
                .contains("load average");
    }
}
