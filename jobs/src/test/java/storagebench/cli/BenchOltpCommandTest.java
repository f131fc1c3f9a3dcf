package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchOltpCommandTest {
    @TempDir Path data;

    @Test
    void badInputIsExitTwoAndNamesTheOptionOrTheExperiment() throws Exception {
        // given: an experiment on H2, which has no pgbench to compare with
        Path h2 = data.resolve("h2.yaml");
        Files.writeString(
                h2,
                "experiment: h2-oltp\ntarget:\n  kind: h2\n  url: \"jdbc:h2:file:"
                        + data.resolve("h2/base")
                        + "\"\nworkload:\n  type: oltp\n");
        // when
        CliOutput duration = CliOutput.run("bench", "oltp", h2.toString(), "--duration", "1500ms");
        CliOutput clients = CliOutput.run("bench", "oltp", h2.toString(), "--clients", "1,0");
        CliOutput notPostgres =
                CliOutput.run("bench", "oltp", h2.toString(), "--data-dir", data.toString());
        // then
        assertThat(duration.exit()).isEqualTo(2);
        assertThat(duration.err()).contains("--duration: whole seconds, at least 1s");
        assertThat(clients.exit()).isEqualTo(2);
        assertThat(clients.err()).contains("every --clients count must be at least 1");
        assertThat(notPostgres.exit()).isEqualTo(2);
        assertThat(notPostgres.err())
                .contains("h2-oltp: bench oltp needs a postgres target and workload oltp");
    }
}
