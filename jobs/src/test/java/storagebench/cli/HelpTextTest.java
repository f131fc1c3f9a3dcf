package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;

/**
 * Every command's help, rendered at 100 columns, describes each option and parameter and reads as
 * sentences: no line starts a sentence's continuation at column 0 (a wrapped list entry, or a
 * description split into array elements mid-sentence), and no indented description is cut before
 * the width where its next word would still have fitted.
 */
class HelpTextTest {
    private static final int WIDTH = 100;

    private static void collect(CommandLine command, String path, Map<String, CommandLine> all) {
        all.put(path, command);
        command.getSubcommands()
                .forEach(
                        (name, sub) -> {
                            if (!name.equals("help") && sub.getCommandName().equals(name)) {
                                collect(sub, (path + " " + name).strip(), all);
                            }
                        });
    }

    /**
     * The lines of {@code help} that continue where no wrapping put them: an indented entry (a list
     * item, an example) continued at column 0, or a sentence continued on the next line although its
     * next word would have fitted (two columns spare: picocli keeps a margin). Lines indented by two
     * are entries of their own (examples, formats, commands).
     */
    static List<String> brokenLines(String help, int width) {
        List<String> broken = new ArrayList<>();
        String[] lines = help.split("\\R");
        for (int i = 1; i < lines.length; i++) {
            String previous = lines[i - 1].stripTrailing();
            String line = lines[i];
            String text = line.stripLeading();
            if (previous.isBlank() || text.isEmpty()) {
                continue;
            }
            boolean atColumn0 = text.length() == line.length();
            boolean previousIndented = previous.startsWith("  ");
            boolean continues = Character.isLowerCase(text.charAt(0));
            boolean fitted = previous.length() + 1 + text.split(" ", 2)[0].length() <= width - 2;
            boolean entry = line.startsWith("  ") && !line.startsWith("   ");
            // a word cut at its dot (map.⏎yaml) ends no sentence: a next one starts upper case
            boolean cutAtDot =
                    previous.matches(".*[A-Za-z0-9]\\.$")
                            && !previous.endsWith("e.g.")
                            && !previous.endsWith("i.e.")
                            && Character.isLowerCase(text.charAt(0))
                            && !entry;
            boolean endsSentence = previous.matches(".*[.:;!?]$") && !cutAtDot;
            if (previous.stripLeading().startsWith("-")) {
                continue; // an option too long for its column: its description starts below
            }
            boolean wrappedToColumn0 =
                    atColumn0 && previousIndented && !Character.isUpperCase(text.charAt(0));
            if (wrappedToColumn0 || cutAtDot || (continues && fitted && !endsSentence && !entry)) {
                broken.add(previous + "⏎" + line);
            }
        }
        return broken;
    }

    @Test
    void everyHelpAt100ColumnsDescribesEachOptionAndBreaksOnlyWhereItWraps() {
        // given
        CommandLine main = Main.commandLine();
        main.setUsageHelpWidth(WIDTH);
        Map<String, CommandLine> commands = new TreeMap<>();
        collect(main, "", commands);
        assertThat(commands).hasSizeGreaterThan(10);
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, CommandLine> entry : commands.entrySet()) {
            String name = ("storagebench " + entry.getKey()).strip();
            CommandLine command = entry.getValue();
            // when
            String help = command.getUsageMessage();
            // then
            List<ArgSpec> args = new ArrayList<>(command.getCommandSpec().options());
            args.addAll(command.getCommandSpec().positionalParameters());
            for (ArgSpec arg : args) {
                if (!arg.hidden() && String.join("", arg.description()).isBlank()) {
                    problems.add(name + ": no description for " + arg.paramLabel());
                }
            }
            brokenLines(help, WIDTH).forEach(line -> problems.add(name + ": broken line: " + line));
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void aSentenceSplitMidwayIsFoundAndAWrappedOneIsNot() {
        // given
        String split = "Runs the workloads side by side with\non the same disk.";
        String wrapped =
                "  --dir=DIR   Where the files go: the disk under test, which\n"
                        + "                 is created.";
        String examples = "Examples:\n  storagebench run a.yaml\n  storagebench run b.yaml";
        String cut =
                "                An option of the parser, e.g. --option mapping=map.\n"
                        + "                yaml for csv.";
        // then
        assertThat(brokenLines(split, WIDTH)).hasSize(1);
        assertThat(brokenLines(wrapped, 60)).isEmpty();
        assertThat(brokenLines(examples, WIDTH)).isEmpty();
        assertThat(brokenLines(cut, WIDTH)).hasSize(1);
    }
}
