package storagebench.workload.command;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The {@code env} parameter: {@code NAME=value;NAME2=value}. Entries are separated by {@code ;}
 * (so a value cannot contain one), surrounding blanks are ignored, and a value may be empty.
 */
final class EnvironmentText {
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private EnvironmentText() {}

    /** The variables in order; throws IllegalArgumentException naming a malformed entry. */
    static Map<String, String> parse(String text) {
        Map<String, String> env = new LinkedHashMap<>();
        for (String entry : text.split(";")) {
            if (entry.isBlank()) {
                continue;
            }
            int eq = entry.indexOf('=');
            String name = eq < 0 ? "" : entry.substring(0, eq).strip();
            if (!NAME.matcher(name).matches()) {
                throw new IllegalArgumentException(
                        "entry '"
                                + entry.strip()
                                + "' is not NAME=value (a name is letters, digits and _, not starting with a digit)");
            }
            if (env.put(name, entry.substring(eq + 1).strip()) != null) {
                throw new IllegalArgumentException(name + " is given twice");
            }
        }
        return env;
    }
}
