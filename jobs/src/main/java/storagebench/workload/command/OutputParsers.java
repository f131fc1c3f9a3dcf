package storagebench.workload.command;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The registry of output parsers by name: an importer adds its parser here and nowhere else. */
public final class OutputParsers {
    /** Keeps the output and reports no metrics of its own. */
    public static final String NONE = "none";
    private static final Map<String, OutputParser> BY_NAME = new LinkedHashMap<>();

    static {
        register(NONE, (stdout, stderr) -> Map.of());
    }

    private OutputParsers() {
    }

    private static void register(String name, OutputParser parser) {
        BY_NAME.put(name, parser);
    }

    public static Optional<OutputParser> find(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    public static List<String> names() {
        return List.copyOf(BY_NAME.keySet());
    }
}
