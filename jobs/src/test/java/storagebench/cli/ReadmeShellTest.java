package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReadmeShellTest {
    @Test
    void aQuotedStringIsOneWordAcrossLinesAndACommentIsNone() {
        // given
        String block =
                "./storagebench sql \"SELECT 'a' AS x\n    FROM t\" --format csv  # a comment\n"
                        + "./storagebench report\n";

        // when
        List<List<String>> lines = ReadmeShell.lines(block);

        // then
        assertThat(lines)
                .containsExactly(
                        List.of(
                                "./storagebench",
                                "sql",
                                "SELECT 'a' AS x\n    FROM t",
                                "--format",
                                "csv"),
                        List.of("./storagebench", "report"));
    }

    @Test
    void readmesImportSectionGivesItsFiveCommands() throws Exception {
        // when
        List<List<String>> commands = ReadmeShell.commands("## Import, replay, export");

        // then
        assertThat(commands)
                .extracting(c -> c.get(0))
                .containsExactly("import", "import", "replay", "export", "import");
        assertThat(commands.get(0)).contains("--dry-run").doesNotContain("#");
        assertThat(commands.get(2))
                .containsExactly(
                        "replay", "--to", "/tmp/rebuilt", "--from", "2026-11-30T00:00:00Z");
    }
}
