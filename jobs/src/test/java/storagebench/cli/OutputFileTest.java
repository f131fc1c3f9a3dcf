package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.BadInputException;

class OutputFileTest {
    @TempDir Path dir;

    @Test
    void aFileThatIsNotThereEmptyOrOfItsKindMayBeReplaced() throws Exception {
        Path avro = dir.resolve("history.avro");
        assertThatCode(() -> OutputFile.AVRO.mayReplace("--to", avro)).doesNotThrowAnyException();
        Files.createFile(avro);
        assertThatCode(() -> OutputFile.AVRO.mayReplace("--to", avro)).doesNotThrowAnyException();
        Files.write(avro, new byte[] {'O', 'b', 'j', 1, 2, 3});
        assertThatCode(() -> OutputFile.AVRO.mayReplace("--to", avro)).doesNotThrowAnyException();
        Path page = dir.resolve("report.html");
        Files.writeString(page, "\n  <!doctype HTML><html></html>");
        assertThatCode(() -> OutputFile.HTML.mayReplace("--html", page)).doesNotThrowAnyException();
        Files.writeString(page, "<html lang=\"en\"></html>");
        assertThatCode(() -> OutputFile.HTML.mayReplace("--html", page)).doesNotThrowAnyException();
    }

    @Test
    void anyOtherFileIsRefusedWithItsNameAndWhy() throws Exception {
        Path text = dir.resolve("README.md");
        Files.writeString(text, "# storagebench");
        assertThatThrownBy(() -> OutputFile.AVRO.mayReplace("--to", text))
                .isInstanceOf(BadInputException.class)
                .hasMessage(
                        "--to "
                                + text
                                + ": exists and is not an Avro file; not replaced: remove it or"
                                + " choose another name");
        assertThatThrownBy(() -> OutputFile.HTML.mayReplace("--html", text))
                .hasMessageContaining(": exists and is not an HTML page;");
        assertThatThrownBy(() -> OutputFile.HTML.mayReplace("--html", dir))
                .hasMessage(
                        "--html "
                                + dir
                                + ": is a folder; not replaced: remove it or choose another name");
        assertThat(text).hasContent("# storagebench");
    }

    @Test
    void anExportOverAnotherFileIsRefusedBeforeTheTopicIsRead() throws Exception {
        // given
        Path data = dir.resolve("data");
        Path notes = dir.resolve("notes.md");
        Files.writeString(notes, "# notes");

        // when
        CommandOutput result =
                CommandOutput.of("export", "--data-dir", data.toString(), "--to", notes.toString());

        // then: exit 2, the file as it was, no broker started for it
        assertThat(result.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(result.err())
                .isEqualTo(
                        "storagebench export: --to "
                                + notes
                                + ": exists and is not an Avro file; not replaced: remove it or"
                                + " choose another name\n");
        assertThat(notes).hasContent("# notes");
        assertThat(data.resolve("kafka")).doesNotExist();
    }
}
