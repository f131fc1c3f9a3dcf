package storagebench.workload.process;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code parser-options} parameter: {@code name=value;name=value}, the options {@code import}
 * takes as {@code --option name=value} (e.g. {@code map.trial=host;delimiter=,}). Entries are
 * separated by {@code ;}, surrounding blanks are ignored, a value may be empty.
 */
public final class ParserOptionsText {
    private ParserOptionsText() {}

    /**
     * The options in order; throws IllegalArgumentException naming a malformed entry. Whether the
     * parser takes them is for {@link OutputParsers#checkOptions} to say.
     */
    public static Map<String, String> parse(String text) {
        Map<String, String> options = new LinkedHashMap<>();
        for (String entry : text.split(";")) {
            if (entry.isBlank()) {
                continue;
            }
            int eq = entry.indexOf('=');
            String name = eq < 0 ? "" : entry.substring(0, eq).strip();
            if (name.isEmpty()) {
                throw new IllegalArgumentException(
                        "entry '" + entry.strip() + "' is not name=value");
            }
            if (options.put(name, entry.substring(eq + 1).strip()) != null) {
                throw new IllegalArgumentException(name + " is given twice");
            }
        }
        return options;
    }
}
