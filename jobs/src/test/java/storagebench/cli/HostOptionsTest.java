package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A bad host name or label stops a command at once with exit 2, naming the setting or option. */
class HostOptionsTest {
    @TempDir Path tmp;

    @Test
    void aBadHostLabelSettingExitsTwoNamingTheSettingAndTheEntry() {
        // when
        CliOutput report =
                CliOutput.run(
                        "report",
                        "--data-dir",
                        tmp.toString(),
                        "--set",
                        "host.labels=role=dev,disk");
        // then
        assertThat(report.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(report.err())
                .contains(
                        "setting 'host.labels' (key=value,key=value): entry 'disk': not key=value")
                .doesNotContain("Exception");
    }

    @Test
    void importRefusesABadHostLabelOrNameBeforeReadingAFile() throws Exception {
        // given
        Path log = Files.writeString(tmp.resolve("times.csv"), "server,test,start,end\n");
        Path data = tmp.resolve("data");
        // when
        CliOutput label =
                CliOutput.run(
                        "import",
                        "--format",
                        "timing-log",
                        "--host",
                        "laptop",
                        "--host-label",
                        "role",
                        "--data-dir",
                        data.toString(),
                        log.toString());
        CliOutput name =
                CliOutput.run(
                        "import",
                        "--format",
                        "timing-log",
                        "--host",
                        "my laptop",
                        "--data-dir",
                        data.toString(),
                        log.toString());
        // then
        assertThat(label.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(label.err()).contains("--host-label role: not key=value");
        assertThat(name.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(name.err()).contains("--host: a host's name holds only letters");
        assertThat(data).doesNotExist();
    }

    @Test
    void anEventsImportRefusesHostLabelsAsItRefusesTheHost() throws Exception {
        // given
        Path archive = Files.writeString(tmp.resolve("history.avro"), "");
        // when
        CliOutput events =
                CliOutput.run(
                        "import",
                        "--format",
                        "events",
                        "--host-label",
                        "role=dev",
                        "--data-dir",
                        tmp.resolve("data").toString(),
                        archive.toString());
        // then
        assertThat(events.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(events.err())
                .contains(
                        "--experiment, --host, --host-label, --factor, --option and --strict apply"
                                + " to log formats only");
    }
}
