package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.require.Needs;
import storagebench.require.Requirement;

/**
 * README's {@code bench workloads}, scaled down: ours and fio on the same disk in ABBA pairs, the
 * harness beside its floor, a calibrated action; every part of the report, not its figures.
 */
class BenchWorkloadsCommandIT {
    @TempDir Path dir;

    @Test
    @Needs(Requirement.FIO)
    void comparesOursWithFioThenTheHarnessWithItsFloor() {
        // when
        CliOutput out =
                CliOutput.run(
                        "bench",
                        "workloads",
                        "--pairs",
                        "1",
                        "--trials",
                        "3",
                        "--warm-up",
                        "3",
                        "--duration",
                        "1s",
                        "--size",
                        "16MiB",
                        "--dir",
                        dir.toString());

        // then
        assertThat(out.exit()).as(out.err()).isZero();
        assertThat(out.out())
                .contains("(1 ABBA pairs of ours (A) and fio (B)")
                .containsPattern(
                        "file-init zero-fill 16 MiB, 1 MiB blocks +\\d+\\.\\d +\\d+\\.\\d +\\d+\\.\\d\\d"
                                + "   MiB/s \\(target ratio >= 0.9\\)")
                .containsPattern(
                        "file-io 8 KiB random dsync writes, C=1 +\\d+\\.\\d +\\d+\\.\\d +\\d+\\.\\d\\d"
                                + "   IOPS")
                .contains("file-io 8 KiB random dsync writes, C=8")
                .containsPattern(
                        "ours / fio: median \\d+\\.\\d{3} \\(range [\\d.]+ to [\\d.]+\\) over 1 ABBA"
                                + " pairs, each [\\d.]+ \\(AB\\); load average [\\d.]+ before,"
                                + " [\\d.]+ after")
                .contains("bench harness: 3 trials per run, 1 ABBA pairs after a warm-up pair")
                .containsPattern("\\(b\\) - \\(a\\), ms +-?\\d+\\.\\d\\d")
                .containsPattern(
                        "calibrated 2 s action, measured / wall clock: \\d\\.\\d{5} \\(error"
                                + " \\d+\\.\\d{3}%, target within 1%\\)")
                .doesNotContain("fio is not installed");
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void refusesASizeOrDurationItCannotRun() {
        // when
        CliOutput halfMib = CliOutput.run("bench", "workloads", "--size", "1.5MiB");
        CliOutput noSize = CliOutput.run("bench", "workloads", "--size", "big");
        CliOutput subSecond = CliOutput.run("bench", "workloads", "--duration", "500ms");
        CliOutput shortWarmUp = CliOutput.run("bench", "workloads", "--warm-up", "2");

        // then
        assertThat(halfMib.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(halfMib.err()).contains("--size: expected whole MiB").contains("'1.5MiB'");
        assertThat(noSize.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(subSecond.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(subSecond.err()).contains("--duration: expected whole seconds");
        assertThat(shortWarmUp.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(shortWarmUp.err()).contains("--trials and --warm-up must be at least 3");
    }
}
