package storagebench.experiment;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import storagebench.BadInputException;
import storagebench.config.ConfigException;

/**
 * Puts the file and line in a refusal made after loading, by checks that see values, not the config's
 * nodes (a workload's preflight refusing a name that is not an identifier, SQL in it): the line is
 * the first that holds the refused value, or else the parameter the message names.
 */
public final class ConfigLines {
    /** {@code 'x; DROP TABLE t' is not a valid …}: the value between the first quote and "' is". */
    private static final Pattern REFUSED_VALUE = Pattern.compile("'(.+?)' is not ");

    /** {@code filegroup-insert: name: …}, {@code command workload: command: …}: the parameter. */
    private static final Pattern PARAMETER = Pattern.compile("^[a-z][a-z -]*: ([a-z][a-z0-9-]*): ");

    private ConfigLines() {}

    /** The refusal with {@code file:line: } before it; as it is when it already names the file. */
    public static BadInputException locate(String file, String source, RuntimeException refusal) {
        String message = refusal.getMessage() == null ? "" : refusal.getMessage();
        if (refusal instanceof ConfigException || message.startsWith(file)) {
            return refusal instanceof BadInputException bad ? bad : new BadInputException(message);
        }
        return new ConfigException(file, line(source, message), null, message);
    }

    static int line(String source, String message) {
        List<String> lines = source.lines().toList();
        Matcher parameter = PARAMETER.matcher(message);
        Pattern key =
                parameter.find()
                        ? Pattern.compile(
                                "\\s*-?\\s*" + Pattern.quote(parameter.group(1)) + "\\s*:")
                        : null;
        Matcher value = REFUSED_VALUE.matcher(message);
        String refused = value.find() ? value.group(1) : null;
        int keyLine = 0;
        int valueLine = 0;
        for (int i = lines.size() - 1; i >= 0; i--) {
            boolean isKey = key != null && key.matcher(lines.get(i)).lookingAt();
            boolean hasValue = refused != null && lines.get(i).contains(refused);
            if (isKey && hasValue) {
                return i + 1;
            }
            keyLine = isKey ? i + 1 : keyLine;
            valueLine = hasValue ? i + 1 : valueLine;
        }
        return valueLine > 0 ? valueLine : keyLine;
    }
}
