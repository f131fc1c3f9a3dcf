package storagebench.workload.process;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits one line of text into program arguments, without a shell. Whitespace separates
 * arguments; {@code '...'} groups text literally; {@code "..."} groups text in which a backslash
 * escapes only {@code "} and {@code \}; outside quotes a backslash escapes any character.
 * {@code ''} or {@code ""} is an empty argument. Nothing else is special: no variables, globs,
 * pipes or redirections. On Windows write paths in single quotes ({@code 'C:\setup.exe'}) or with
 * forward slashes.
 */
public final class CommandLineSplitter {

    private CommandLineSplitter() {}

    /** The arguments; throws IllegalArgumentException for an unclosed quote, a trailing backslash or no words. */
    public static List<String> split(String line) {
        List<String> args = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean inWord = false;
        int i = 0;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (Character.isWhitespace(c)) {
                if (inWord) {
                    args.add(current.toString());
                    current.setLength(0);
                    inWord = false;
                }
                i++;
                continue;
            }
            inWord = true;
            if (c == '\'') {
                int end = line.indexOf('\'', i + 1);
                if (end < 0) {
                    throw new IllegalArgumentException(
                            "unclosed ' at character " + (i + 1) + " of: " + line);
                }
                current.append(line, i + 1, end);
                i = end + 1;
            } else if (c == '"') {
                i = doubleQuoted(line, i, current);
            } else if (c == '\\') {
                if (i + 1 == line.length()) {
                    throw new IllegalArgumentException(
                            "a backslash at the end escapes nothing: " + line);
                }
                current.append(line.charAt(i + 1));
                i += 2;
            } else {
                current.append(c);
                i++;
            }
        }
        if (inWord) {
            args.add(current.toString());
        }
        if (args.isEmpty()) {
            throw new IllegalArgumentException("the command is empty");
        }
        return args;
    }

    /** Appends the text of the quotes opened at {@code open}; returns the index after the closing quote. */
    private static int doubleQuoted(String line, int open, StringBuilder out) {
        int i = open + 1;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '"') {
                return i + 1;
            }
            if (c == '\\'
                    && i + 1 < line.length()
                    && (line.charAt(i + 1) == '"' || line.charAt(i + 1) == '\\')) {
                out.append(line.charAt(i + 1));
                i += 2;
            } else {
                out.append(c);
                i++;
            }
        }
        throw new IllegalArgumentException(
                "unclosed \" at character " + (open + 1) + " of: " + line);
    }
}
