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
            if (previous.endsWith("\\")) {
                continue; // an example the shell continues on the next line
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

    /**
     * The examples of {@code help}: each line after an {@code Example:} or {@code Examples:} heading
     * that starts with {@code storagebench}, joined with the lines a trailing backslash continues it
     * on, as its arguments (quotes taken off; a redirection or pipe and what follows left out).
     */
    static List<List<String>> examples(String help) {
        List<List<String>> examples = new ArrayList<>();
        boolean inExamples = false;
        StringBuilder pending = null;
        for (String line : help.split("\\R")) {
            String text = line.strip();
            if (pending != null) {
                pending.append(' ').append(text);
            } else if (text.equals("Example:") || text.equals("Examples:")) {
                inExamples = true;
                continue;
            } else if (inExamples && text.startsWith("storagebench ")) {
                pending = new StringBuilder(text);
            } else {
                inExamples = inExamples && !text.isEmpty() && line.startsWith(" ");
                continue;
            }
            if (pending.toString().endsWith("\\")) {
                pending.setLength(pending.length() - 1);
                continue;
            }
            examples.add(words(pending.toString()));
            pending = null;
        }
        return examples;
    }

    /** A command line's words as a shell splits them, up to a redirection, a pipe or a comment. */
    private static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (char c : line.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else if ((c == '>' || c == '|' || c == '#') && word == null) {
                return words;
            } else {
                word = (word == null ? new StringBuilder() : word).append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }

    /**
     * The lines of {@code help}'s examples that the help's width wrapped: in an {@code Example:} or
     * {@code Examples:} block, a line that does not start indented.
     */
    static List<String> wrappedExamples(String help) {
        List<String> wrapped = new ArrayList<>();
        boolean inExamples = false;
        for (String line : help.split("\\R")) {
            String text = line.strip();
            if (text.equals("Example:") || text.equals("Examples:")) {
                inExamples = true;
            } else if (text.isEmpty()) {
                inExamples = false;
            } else if (inExamples && !line.startsWith(" ")) {
                wrapped.add(line);
            }
        }
        return wrapped;
    }

    @Test
    void everyExampleInAHelpIsACommandLineTheCommandsTakeAndFitsTheDefaultWidth() {
        // given every command's help as a terminal of picocli's default width shows it
        Map<String, CommandLine> commands = new TreeMap<>();
        collect(Main.commandLine(), "", commands);
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Map.Entry<String, CommandLine> entry : commands.entrySet()) {
            String help = entry.getValue().getUsageMessage();
            wrappedExamples(help)
                    .forEach(line -> problems.add(entry.getKey() + ": wrapped example: " + line));
            for (List<String> example : examples(help)) {
                checked++;
                // when
                try {
                    Main.commandLine()
                            .parseArgs(example.subList(1, example.size()).toArray(String[]::new));
                } catch (CommandLine.ParameterException e) {
                    // then
                    problems.add(String.join(" ", example) + ": " + e.getMessage());
                }
            }
        }
        assertThat(checked).isGreaterThan(30);
        assertThat(problems).isEmpty();
    }

    @Test
    void anExampleIsReadAsAShellWouldSplitIt() {
        String help =
                "Examples:\n"
                        + "  storagebench sql \"SELECT 1\" --format csv > out.csv\n"
                        + "  storagebench bench targets a.yaml \\\n"
                        + "      b.yaml\n"
                        + "\n"
                        + "  storagebench not an example\n"
                        + "Examples:\n"
                        + "  storagebench broker stop  # the broker\n"
                        + "  storagebench run --override workload.rows=500\n"
                        + "rows.yaml\n";
        assertThat(examples(help))
                .containsExactly(
                        List.of("storagebench", "sql", "SELECT 1", "--format", "csv"),
                        List.of("storagebench", "bench", "targets", "a.yaml", "b.yaml"),
                        List.of("storagebench", "broker", "stop"),
                        List.of("storagebench", "run", "--override", "workload.rows=500"));
        assertThat(wrappedExamples(help)).containsExactly("rows.yaml");
    }
}
