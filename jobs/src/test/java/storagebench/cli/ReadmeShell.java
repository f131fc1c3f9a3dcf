package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code ./storagebench} commands of README's bash blocks, as a shell splits them: words at
 * blanks, a quoted string ({@code "…"}, {@code '…'}) one word even across lines, a line continued
 * by {@code \}, a {@code #} starting a word a comment to the line's end.
 */
final class ReadmeShell {
    static final Path PROJECT = Path.of("..").toAbsolutePath().normalize();

    private ReadmeShell() {}

    /** The commands of the bash blocks under a README heading, without {@code ./storagebench}. */
    static List<List<String>> commands(String heading) throws IOException {
        return commands("README.md", heading);
    }

    /**
     * The commands of the bash blocks under a heading of a Markdown file of the project (README.md,
     * docs/compare.md), to the next {@code ## } heading, without {@code ./storagebench}.
     */
    static List<List<String>> commands(String doc, String heading) throws IOException {
        String readme = Files.readString(PROJECT.resolve(doc));
        int start = readme.indexOf(heading);
        assertThat(start).as(doc + " has " + heading).isNotNegative();
        int end = readme.indexOf("\n## ", start + heading.length());
        String section = readme.substring(start, end < 0 ? readme.length() : end);
        List<List<String>> commands = new ArrayList<>();
        Matcher block = Pattern.compile("```bash\\n(.*?)```", Pattern.DOTALL).matcher(section);
        while (block.find()) {
            for (List<String> words : lines(block.group(1).replace("\\\n", " "))) {
                if (words.size() > 1 && words.get(0).equals("./storagebench")) {
                    commands.add(List.copyOf(words.subList(1, words.size())));
                }
            }
        }
        return commands;
    }

    /** The words of each command line of a block. */
    static List<List<String>> lines(String block) {
        List<List<String>> lines = new ArrayList<>();
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        for (int i = 0; i < block.length(); i++) {
            char c = block.charAt(i);
            if (c == '"' || c == '\'') {
                int close = block.indexOf(c, i + 1);
                assertThat(close).as("a closing " + c + " in README: " + block).isPositive();
                word = word == null ? new StringBuilder() : word;
                word.append(block, i + 1, close);
                i = close;
            } else if (c == '#' && word == null) {
                int eol = block.indexOf('\n', i);
                i = (eol < 0 ? block.length() : eol) - 1;
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
                if (c == '\n' && !words.isEmpty()) {
                    lines.add(words);
                    words = new ArrayList<>();
                }
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        if (!words.isEmpty()) {
            lines.add(words);
        }
        return lines;
    }
}
