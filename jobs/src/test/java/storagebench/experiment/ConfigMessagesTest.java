package storagebench.experiment;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.BadInputException;
import storagebench.config.ConfigException;

/** A config that cannot be loaded is blamed where the problem is: the override, the missing file, the bad byte. */
class ConfigMessagesTest {
    @TempDir Path dir;
    private final ExperimentLoader loader = new ExperimentLoader(Path.of("/tmp/sb-data"));

    private static final String VALID =
            """
            experiment: messages
            target: {kind: local, directory: /tmp/sb-work}
            workload:
              type: file-init
              file-size: 1MB
            factors:
              init: [zero]
            """;

    @Test
    void aBadOverrideIsBlamedOnTheOverrideNotOnTheFile() {
        assertThatThrownBy(() -> loader.parse("e.yaml", VALID, Map.of("workload.files", "abc")))
                .isInstanceOf(ConfigException.class)
                .hasMessage(
                        "--override workload.files=abc: 'workload.files': expected a whole number, got 'abc'");
        assertThatThrownBy(() -> loader.parse("e.yaml", VALID, Map.of("workload.filez", "4")))
                .hasMessageStartingWith(
                        "--override workload.filez=4: 'workload.filez': unknown key in workload");
        assertThatThrownBy(
                        () -> loader.parse("e.yaml", VALID, Map.of("factors.init", "[zero, fast]")))
                .hasMessageStartingWith(
                        "--override factors.init=[zero, fast]: 'factors.init[1]': expected one of");
        assertThatThrownBy(() -> loader.parse("e.yaml", VALID, Map.of("repetitions", "[unclosed")))
                .hasMessage("--override repetitions=[unclosed: 'repetitions': not a YAML value");
    }

    @Test
    void anOverrideOfASecretIsNamedWithoutItsValue() {
        assertThatThrownBy(
                        () -> loader.parse("e.yaml", VALID, Map.of("workload.api-key", "s3cret")))
                .hasMessageStartingWith(
                        "--override workload.api-key=***: 'workload.api-key': looks like a secret")
                .hasMessageNotContaining("s3cret");
    }

    @Test
    void aMissingFileSaysSo() {
        Path missing = dir.resolve("nope.yaml");
        assertThatThrownBy(() -> loader.load(missing))
                .isInstanceOf(BadInputException.class)
                .hasMessage("no such file: " + missing);
        assertThatThrownBy(() -> loader.load(dir))
                .isInstanceOf(BadInputException.class)
                .hasMessage(dir + ": is a directory, not an experiment file");
    }

    @Test
    void aFileThatIsNotUtf8NamesTheByteItsOffsetAndLine() throws Exception {
        // given: "café" written in ISO-8859-1 on line 2
        Path latin1 = dir.resolve("latin1.yaml");
        Files.write(
                latin1,
                VALID.replace("experiment: messages\n", "experiment: messages\ndescription: café\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
        // when / then
        assertThatThrownBy(() -> loader.load(latin1))
                .isInstanceOf(ConfigException.class)
                .hasMessage(
                        latin1
                                + ":2: not UTF-8: the byte 0xE9 at offset 37 is not valid UTF-8; save the file "
                                + "as UTF-8");
    }
}
