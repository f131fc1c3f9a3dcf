package storagebench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code ./storagebench} launcher's build step, run with the real Maven. */
class LauncherTest {
    @TempDir Path tmp;

    @Test
    void theBuildStepPrintsNoColourCodes() throws Exception {
        // given: the launcher copied where there is no POM, so its Maven build runs and fails fast
        Path launcher = tmp.resolve("storagebench");
        Files.copy(Path.of("..", "storagebench"), launcher);
        ProcessBuilder builder =
                new ProcessBuilder("bash", launcher.toString(), "--version")
                        .directory(tmp.toFile())
                        .redirectErrorStream(true);
        builder.environment().remove("MAVEN_OPTS");
        // when
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        // then: Maven's own messages, but no ESC[0m from its console library
        assertThat(process.exitValue()).isEqualTo(1);
        assertThat(output).contains("[ERROR]").contains("storagebench: build failed");
        assertThat(output).doesNotContain("\u001b");
    }
}
