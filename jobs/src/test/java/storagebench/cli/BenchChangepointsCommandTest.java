package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** README's {@code bench changepoints}, scaled down: every part of its report is printed. */
class BenchChangepointsCommandTest {
    @TempDir Path data;

    @Test
    void runsScaledDownAndPrintsTheTableTheTimingsAndTheirTargets() {
        // when
        CliOutput out =
                CliOutput.run(
                        "bench",
                        "changepoints",
                        "--series",
                        "12",
                        "--timed-series",
                        "4",
                        "--timed-runs",
                        "40",
                        "--runs",
                        "60",
                        "--pairs",
                        "1",
                        "--data-dir",
                        data.toString());

        // then
        assertThat(out.exit()).as(out.err()).isZero();
        assertThat(out.out())
                .contains("bench changepoints: 12 synthetic series from seed 2026")
                .contains("| no change")
                .contains("change points of 4 series × 40 runs: ")
                .contains("trend on 60 runs of 2 variants (")
                .contains("the DuckDB query that reads its runs' means ")
                .contains("trend's own work ")
                .contains("medians of 1 ABBA pairs; target < 1 s)")
                .contains("load average ");
    }

    @Test
    void badNumbersAreExitTwoAndNameTheOptions() {
        // when
        CliOutput out = CliOutput.run("bench", "changepoints", "--series", "5");

        // then
        assertThat(out.exit()).isEqualTo(2);
        assertThat(out.err()).contains("--series must be at least 6");
    }
}
