package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command and sub-command answers --help, exit 0, and its text formats without picocli warnings. */
class HelpTest {

    private static void collect(CommandLine command, List<String> path, List<List<String>> all) {
        all.add(path);
        command.getSubcommands()
                .forEach(
                        (name, sub) -> {
                            if (!name.equals("help") && sub.getCommandName().equals(name)) {
                                List<String> next = new ArrayList<>(path);
                                next.add(name);
                                collect(sub, next, all);
                            }
                        });
    }

    @Test
    void everyCommandHasHelpThatFormatsCleanly() {
        // given
        List<List<String>> commands = new ArrayList<>();
        collect(new CommandLine(new Main()), List.of(), commands);
        // then
        assertThat(commands).hasSizeGreaterThan(10);
        for (List<String> command : commands) {
            List<String> args = new ArrayList<>(command);
            args.add("--help");
            CliOutput output = CliOutput.run(args.toArray(String[]::new));
            assertThat(output.exit()).as(String.join(" ", args)).isZero();
            assertThat(output.out()).as(String.join(" ", args)).startsWith("Usage: storagebench");
            assertThat(output.err()).as(String.join(" ", args)).doesNotContain("WARN");
        }
    }
}
