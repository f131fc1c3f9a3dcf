package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code trend} on runs imported from logs, as a nightly job would use it: three steady nights and a
 * slow fourth are a regression, and {@code --fail-on-regression} exits 3.
 */
class TrendIT extends BrokerOnDataDir {
    @BeforeAll
    static void importFourNights() throws Exception {
        Path dir = Files.createTempDirectory("nightly");
        double[][] nights = {
            {1.00, 1.02, 0.99, 1.01, 1.03},
            {1.01, 0.98, 1.00, 1.02, 0.99},
            {0.99, 1.01, 1.00, 1.03, 1.00},
            {1.50, 1.52, 1.49, 1.55, 1.51}
        };
        for (int night = 0; night < nights.length; night++) {
            StringBuilder csv = new StringBuilder("step,init,start,seconds\n");
            for (int i = 0; i < nights[night].length; i++) {
                csv.append("create,zero,2026-11-0")
                        .append(night + 1)
                        .append("T02:0")
                        .append(i)
                        .append(":00Z,")
                        .append(nights[night][i])
                        .append('\n');
            }
            Path file = Files.writeString(dir.resolve("night" + (night + 1) + ".csv"), csv);
            CliOutput imported =
                    CliOutput.run(
                            "import",
                            "--data-dir",
                            data.toString(),
                            "--format",
                            "csv",
                            "--experiment",
                            "nightly",
                            "--host",
                            "vm",
                            "--option",
                            "map.step=step",
                            "--option",
                            "map.start=start",
                            "--option",
                            "map.duration_s=seconds",
                            "--option",
                            "factor.init=init",
                            file.toString());
            assertThat(imported.exit()).as(imported.err()).isZero();
        }
    }

    @Test
    void theSlowFourthNightIsARegressionAndFailsTheJob() {
        // when
        CliOutput result =
                CliOutput.run(
                        "trend",
                        "--data-dir",
                        data.toString(),
                        "--experiment",
                        "nightly",
                        "--fail-on-regression");
        // then
        assertThat(result.exit()).as(result.err()).isEqualTo(3);
        assertThat(result.out())
                .contains("nightly · vm · create · init=zero · duration")
                .contains("REGRESSION: latest run ")
                .contains("+50.6% against the mean of the 3 run(s) before it")
                .contains("[Mann-Whitney U test of the latest run's trials against the window's]");
        // and without the flag the trend is only shown
        assertThat(
                        CliOutput.run(
                                        "trend",
                                        "--data-dir",
                                        data.toString(),
                                        "--experiment",
                                        "nightly")
                                .exit())
                .isZero();
    }

    @Test
    void anUnknownExperimentIsExitOne() {
        CliOutput result =
                CliOutput.run("trend", "--data-dir", data.toString(), "--experiment", "none-such");
        assertThat(result.exit()).isEqualTo(1);
        assertThat(result.err()).contains("no measured trials of experiment 'none-such'");
    }
}
