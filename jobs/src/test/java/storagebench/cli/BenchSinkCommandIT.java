package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchSinkCommandIT {
    @TempDir Path data;

    @Test
    void measuresConsumerWriterAndSinkOnASmallTopic() {
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
                            "sink",
                            "--events",
                            "2000",
                            "--pairs",
                            "2",
                            "--data-dir",
                            data.toString());
        } finally {
            System.setOut(stdout);
        }
        // then
        String report = out.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(report).isZero();
        assertThat(report)
                .contains("N = 2,000 TrialTimed events", "Java 17", "cores")
                .containsPattern("\\(a\\) plain consumer[^\\n]*\\s[\\d,]+\\s+\\d+\\.\\d\\d")
                .containsPattern("\\(b\\) Parquet writer[^\\n]*\\s[\\d,]+\\s+\\d+\\.\\d\\d")
                .containsPattern("\\(c\\) sink end to end[^\\n]*\\s[\\d,]+\\s+\\d+\\.\\d\\d")
                .containsPattern("c / min\\(a, b\\), median of the pairs\\s+\\d+\\.\\d\\d")
                .containsPattern(
                        "c / min\\(a, b\\) per pair: median \\d+\\.\\d{3} \\(range [^)]+\\) over 2"
                                + " ABBA pairs, each \\S+ \\(AB\\) \\S+ \\(BA\\); load average")
                .containsPattern("sink peak heap\\s+\\d+ MB")
                .contains("on the embedded broker (a process of its own, on this machine)")
                .contains("(heap figures are this process's, the sink's and the bench's;");
        System.out.print(report);
    }

    @Test
    void refusesANonPositiveEventCount() {
        // given / when
        int exit = Main.execute("bench", "sink", "--events", "0", "--data-dir", data.toString());
        // then
        assertThat(exit).isEqualTo(Main.BAD_INPUT);
    }
}
