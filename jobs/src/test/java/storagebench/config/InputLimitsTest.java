package storagebench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.BadInputException;
import storagebench.logformat.LogParsers;
import storagebench.schedule.ScheduleLoader;

class InputLimitsTest {
    @TempDir Path dir;

    @Test
    void aFileOfExactlyTheLimitIsReadOneByteMoreIsNot() throws IOException {
        // given
        Path at = Files.write(dir.resolve("at.yaml"), new byte[InputLimits.MAX_FILE_BYTES]);
        Path over = Files.write(dir.resolve("over.yaml"), new byte[InputLimits.MAX_FILE_BYTES + 1]);

        // when / then
        assertThatCode(() -> InputLimits.checkSize(at, "config file")).doesNotThrowAnyException();
        assertThatThrownBy(() -> InputLimits.checkSize(over, "config file"))
                .isInstanceOf(BadInputException.class)
                .hasMessage(
                        over
                                + ": 1048577 bytes (1.0 MiB), more than the 1048576 bytes (1 MiB)"
                                + " a config file may have; nothing of it was read");
    }

    @Test
    void aLineOverTheLimitIsRefusedNamingItsLine() {
        // given
        byte[] text = ("a: 1\nb: " + "x".repeat(InputLimits.MAX_LINE_BYTES) + "\n").getBytes();

        // when / then
        assertThatThrownBy(() -> InputLimits.checkLines(Path.of("e.yaml"), text))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("e.yaml:2: a line of 65539 bytes (64.0 KiB), more than");
    }

    @Test
    void theLineWhereAYamlLimitIsPassedIsFound() {
        // given 51 aliases on line 3, collections 51 deep on line 2
        String aliases = "a: &a [1]\nb: 2\nc: [" + "*a,".repeat(50) + "*a]\n";
        String deep = "a: 1\nb: " + "[".repeat(51) + "]".repeat(51) + "\n";

        // when / then
        assertThat(InputLimits.lineOfLimit(aliases)).isEqualTo(3);
        assertThat(InputLimits.lineOfLimit(deep)).isEqualTo(2);
        assertThat(InputLimits.lineOfLimit("a: [[1]]\n")).isZero();
    }

    @Test
    void aSchedulesFileOverTheLimitIsRefusedUnread() throws IOException {
        // given
        Path file = Files.writeString(dir.resolve("schedules.yaml"), "# " + "x\n".repeat(600_000));

        // when / then
        assertThatThrownBy(() -> ScheduleLoader.load(file))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining(file + ": 1200002 bytes (1.1 MiB), more than");
    }

    @Test
    void aCsvMappingFileOverTheLimitIsRefusedUnread() throws IOException {
        // given
        Path mapping = Files.writeString(dir.resolve("map.yaml"), "# " + "x\n".repeat(600_000));
        Path csv = Files.writeString(dir.resolve("x.csv"), "a,b\n1,2\n");

        // when / then
        assertThatThrownBy(
                        () ->
                                LogParsers.find("csv")
                                        .orElseThrow()
                                        .parse(csv, Map.of("mapping", mapping.toString()))
                                        .close())
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining(mapping + ": 1200002 bytes (1.1 MiB), more than");
    }
}
