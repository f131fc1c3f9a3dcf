package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchHarnessCommandIT {
    @TempDir Path dir;

    @Test
    void measuresTheFloorAndTheHarnessInPairs() {
        // given
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        int exit;
        // when
        try {
            exit =
                    Main.execute(
                            "bench",
                            "harness",
                            "--trials",
                            "4",
                            "--pairs",
                            "2",
                            "--warm-up",
                            "20",
                            "--dir",
                            dir.toString());
        } finally {
            System.setOut(stdout);
        }
        // then
        String report = out.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(report).isZero();
        assertThat(report)
                .contains(
                        "4 trials per run, 2 ABBA pairs after a warm-up pair (20 trials in 5 run(s),"
                                + " 20 transactions)")
                .contains("each after a run of `true` (not timed)")
                .containsPattern(
                        "pair 1 \\(AB\\)  \\(a\\) +\\d+\\.\\d\\d ms  \\(b\\) +\\d+\\.\\d\\d ms")
                .containsPattern("pair 2 \\(BA\\)")
                .containsPattern("\\(a\\) floor, ms +\\d+\\.\\d\\d +\\d+\\.\\d\\d")
                .containsPattern("\\(b\\) harness, ms +\\d+\\.\\d\\d +\\d+\\.\\d\\d")
                .containsPattern("b / a per pair: median \\d+\\.\\d{3} \\(range")
                .contains("load average")
                .containsPattern("JIT compiling while a block ran, ms: \\(a\\) median \\d+");
        assertThat(dir).isEmptyDirectory();
        System.out.print(report);
    }

    @Test
    void refusesTooFewTrials() {
        // given / when
        int exit = Main.execute("bench", "harness", "--trials", "2", "--dir", dir.toString());
        int shortWarmUp =
                Main.execute("bench", "harness", "--warm-up", "2", "--dir", dir.toString());
        int noSuchPace =
                Main.execute("bench", "harness", "--floor", "sideways", "--dir", dir.toString());
        // then
        assertThat(exit).isEqualTo(Main.BAD_INPUT);
        assertThat(shortWarmUp).isEqualTo(Main.BAD_INPUT);
        assertThat(noSuchPace).isEqualTo(Main.BAD_INPUT);
    }
}
