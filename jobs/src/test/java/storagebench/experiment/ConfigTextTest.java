package storagebench.experiment;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.BadInputException;
import storagebench.config.ConfigException;
import storagebench.config.InputLimits;

/** Reading a config file keeps to the input limits before parsing a byte of it. */
class ConfigTextTest {
    @TempDir Path dir;

    @Test
    void aConfigOverTheSizeLimitIsNotRead() throws IOException {
        Path big = Files.write(dir.resolve("big.yaml"), new byte[InputLimits.MAX_FILE_BYTES + 1]);
        assertThatThrownBy(() -> ConfigText.read(big))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("nothing of it was read");
    }

    @Test
    void aConfigWithALineOverTheLimitIsRefusedNamingTheLine() throws IOException {
        Path wide =
                Files.writeString(
                        dir.resolve("wide.yaml"),
                        "a: 1\nb: " + "x".repeat(InputLimits.MAX_LINE_BYTES) + "\n");
        assertThatThrownBy(() -> ConfigText.read(wide))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("wide.yaml:2: a line of");
    }
}
