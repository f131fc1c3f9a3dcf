package storagebench.workload.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.BadInputException;
import storagebench.workload.process.ProcessRun;

/** A program gets a reference's value when it starts; the run itself keeps only the reference. */
class ProcessRunSecretsTest {
    @TempDir Path tmp;

    @Test
    void referencesInArgumentsAndEnvironmentAreResolvedWhenTheProgramStarts() throws Exception {
        // given: a secret in a file, referred to in an argument and in the environment
        Path secret = tmp.resolve("pw");
        Files.writeString(secret, "swordfish\n");
        String reference = "${file:" + secret + "}";
        ProcessRun run =
                new ProcessRun(
                        List.of(
                                "/bin/sh",
                                "-c",
                                "test \"$1\" = swordfish && test \"$PW\" = swordfish",
                                "sb",
                                reference),
                        Map.of("PW", reference),
                        tmp,
                        null);
        // when
        ProcessRun.Result result = run.run(tmp.resolve("out"), tmp.resolve("err"));
        // then
        assertThat(result.exitCode()).isZero();
        assertThat(run.argv()).contains(reference);
        assertThat(run.env()).containsEntry("PW", reference);
    }

    @Test
    void aFileThatCannotBeReadIsBadInputNamingItButNoValue() {
        // given
        ProcessRun run =
                new ProcessRun(
                        List.of("/bin/true", "${file:" + tmp.resolve("missing") + "}"),
                        Map.of(),
                        tmp,
                        null);
        // then
        assertThatThrownBy(() -> run.run(tmp.resolve("out"), tmp.resolve("err")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("cannot read the file " + tmp.resolve("missing"));
    }
}
