package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchReportCommandTest {
    @TempDir Path data;

    @Test
    void runsOnASmallDatasetAndPrintsTheFiguresAndTheirTargets() {
        // when
        CliOutput out =
                CliOutput.run(
                        "bench",
                        "report",
                        "--trials",
                        "4000",
                        "--variants",
                        "10",
                        "--runs",
                        "2",
                        "--pairs",
                        "1",
                        "--data-dir",
                        data.toString());

        // then
        assertThat(out.exit()).as(out.err()).isZero();
        assertThat(out.out())
                .contains("N = 4,000 trial rows, 10 variants, 2 runs")
                .contains("(a) plain GROUP BY: count, mean (README's)")
                .contains("(c) report --html")
                .contains("c / a: median ")
                .contains("over 1 ABBA pairs")
                .contains("load average")
                .contains("target: b, b2 and c <= 2.0 × a (median of the pairs' ratios):")
                .contains("(judged at 100 variants)");
    }

    @Test
    void badNumbersAreExitTwoAndNameTheOption() {
        // when
        CliOutput variants = CliOutput.run("bench", "report", "--variants", "101");
        CliOutput trials = CliOutput.run("bench", "report", "--trials", "10");

        // then
        assertThat(variants.exit()).isEqualTo(2);
        assertThat(variants.err()).contains("--variants must be 1 to 100, got 101");
        assertThat(trials.exit()).isEqualTo(2);
        assertThat(trials.err()).contains("--trials must be at least");
    }
}
