package storagebench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./storagebench} launcher: its build step, run with the real Maven, and the add-ons it puts
 * on the class path.
 */
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

    @Test
    void putsTheAddOnsThatAreThereOnTheClassPath() throws Exception {
        // given: the launcher beside a built jar and both add-on folders, and a java that says what
        // LOADER_PATH it was given
        Path launcher = tmp.resolve("storagebench");
        Files.copy(Path.of("..", "storagebench"), launcher);
        Path target = Files.createDirectories(tmp.resolve("jobs").resolve("target"));
        Files.writeString(target.resolve("storagebench.jar"), "");
        Path addOns = target.resolve("addons");
        Files.createDirectories(addOns.resolve("hadoop"));
        Files.createDirectories(addOns.resolve("web"));
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\necho \"LOADER_PATH=$LOADER_PATH\"\n");
        java.toFile().setExecutable(true);
        // when
        String both = launch(launcher, bin);
        Files.delete(addOns.resolve("web"));
        String hadoopOnly = launch(launcher, bin);
        // then
        assertThat(both)
                .isEqualTo("LOADER_PATH=" + addOns.resolve("hadoop") + "," + addOns.resolve("web"));
        assertThat(hadoopOnly).isEqualTo("LOADER_PATH=" + addOns.resolve("hadoop"));
    }

    private String launch(Path launcher, Path bin) throws Exception {
        ProcessBuilder builder =
                new ProcessBuilder("bash", launcher.toString(), "--version")
                        .directory(tmp.toFile())
                        .redirectErrorStream(true);
        builder.environment().remove("LOADER_PATH");
        builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return output.strip();
    }
}
