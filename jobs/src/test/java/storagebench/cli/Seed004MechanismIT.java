package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Seed 004 imported, as docs/compare.md shows it ("Why, on seed 004 imported"): two HammerDB logs per
 * power plan and a sar log of the host during each plan, imported into the same variants, so that
 * compare says not only that NOPM is higher under the high-performance plan but which host figure
 * moved with it (the CPU frequency), and the HTML report shows the CPU panel. The commands are read
 * from the doc and run as written, in-process, on the test's broker.
 */
class Seed004MechanismIT extends BrokerOnDataDir {
    private static final String DOC = "docs/compare.md";
    private static final String HEADING = "### Why, on seed 004 imported";

    /** The command with the project's files where they are and the page in the test's folder. */
    private static String[] located(List<String> command, Path work) {
        List<String> args = new ArrayList<>();
        for (String token : command) {
            if (token.endsWith(".html")) {
                args.add(work.resolve(token).toString());
            } else if (!token.startsWith("-")
                    && token.contains("/")
                    && Files.exists(ReadmeShell.PROJECT.resolve(token))) {
                args.add(ReadmeShell.PROJECT.resolve(token).toString());
            } else {
                args.add(token);
            }
        }
        args.add("--data-dir");
        args.add(data.toString());
        return args.toArray(String[]::new);
    }

    /** The lines of the plain block the doc shows as compare's output. */
    private static List<String> shownOutput() throws Exception {
        String doc = Files.readString(ReadmeShell.PROJECT.resolve(DOC));
        String section =
                doc.substring(doc.indexOf(HEADING), doc.indexOf("\n## ", doc.indexOf(HEADING)));
        Matcher block = Pattern.compile("\n\n```\n(.*?)```", Pattern.DOTALL).matcher(section);
        assertThat(block.find()).as(DOC + " shows compare's output under " + HEADING).isTrue();
        return block.group(1).lines().toList();
    }

    @Test
    void comparingThePowerPlansNamesTheCpuFrequencyAndThePageShowsTheCpuPanel() throws Exception {
        // given the doc's commands: four imports, compare, report --html
        Path work = Files.createDirectories(tmp.resolve("work"));
        List<List<String>> commands = ReadmeShell.commands(DOC, HEADING);
        assertThat(commands)
                .extracting(c -> c.get(0))
                .containsExactly("import", "import", "import", "import", "compare", "report");

        // when
        List<CliOutput> outputs = new ArrayList<>();
        for (List<String> command : commands) {
            CliOutput out = CliOutput.run(located(command, work));
            assertThat(out.exit()).as(String.join(" ", command) + "\n" + out.err()).isZero();
            outputs.add(out);
        }

        // then every import read its files whole
        for (CliOutput imported : outputs.subList(0, 4)) {
            assertThat(imported.out()).contains("0 quarantined").doesNotContain("already imported");
        }

        // and compare says NOPM is higher under the high plan and, under that verdict, why
        String compare = outputs.get(4).out();
        List<String> lines = compare.lines().toList();
        int nopm = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(" · run · nopm ")) {
                nopm = i;
                break;
            }
        }
        assertThat(nopm).as(compare).isNotNegative();
        assertThat(lines.get(nopm + 1))
                .as(compare)
                .startsWith("  plan=high vs plan=balanced: higher nopm (better) by ×1.25 ");
        assertThat(compare)
                .startsWith(
                        "seed-004: every variant compared has virtual-users=10,"
                                + " database=PostgreSQL\n");
        assertThat(lines.get(nopm + 2))
                .as(compare)
                .startsWith("    why: CPU frequency 3.40 vs 1.20 GHz");
        assertThat(compare).contains(shownOutput());

        // and the page has the host panel with the CPU frequency per variant
        String page = Files.readString(work.resolve("seed-004.html"));
        assertThat(page)
                .contains("Host during the measured steps")
                .contains("CPU frequency per variant");
    }
}
