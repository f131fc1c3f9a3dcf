package storagebench.workload.process;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import storagebench.logformat.LogParsers;
import storagebench.logformat.ParserOptions;

/**
 * The command workload's output parsers by name: {@code none}, and every format of the importer's
 * {@link LogParsers} registry (a parser registered there is usable here with nothing else to do).
 */
public final class OutputParsers {
    /** Keeps the output and reports no metrics of its own. */
    public static final String NONE = "none";

    private static final OutputParser NOTHING = (output, options, measured, emit) -> Map.of();

    private OutputParsers() {}

    public static Optional<OutputParser> find(String name) {
        if (NONE.equals(name)) {
            return Optional.of(NOTHING);
        }
        return LogParsers.find(name).map(LogOutputParser::new);
    }

    /**
     * Refuses an option the named parser does not take ({@code none} takes none) with a
     * BadInputException naming the parser and the key: what {@code parser-options} gives can be
     * checked before anything runs, as its keys hold no placeholders.
     */
    public static void checkOptions(String name, Map<String, String> options) {
        if (NONE.equals(name)) {
            ParserOptions.check(NONE, options, List.of());
        } else {
            LogParsers.find(name).ifPresent(parser -> ParserOptions.check(parser, options));
        }
    }

    public static List<String> names() {
        List<String> names = new ArrayList<>(List.of(NONE));
        LogParsers.names().forEach(names::add);
        return List.copyOf(names);
    }
}
