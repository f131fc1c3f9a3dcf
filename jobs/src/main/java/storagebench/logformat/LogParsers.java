package storagebench.logformat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The registry of log parsers by name: adding a format means one line in {@code
 * META-INF/services/storagebench.logformat.LogParser} (its order is the order they are listed in),
 * found through {@link ServiceLoader} so that this package imports none of the formats' packages.
 */
public final class LogParsers {
    private static final Map<String, LogParser> BY_NAME = load();

    private LogParsers() {}

    private static Map<String, LogParser> load() {
        Map<String, LogParser> byName = new LinkedHashMap<>();
        for (LogParser parser :
                ServiceLoader.load(LogParser.class, LogParser.class.getClassLoader())) {
            if (byName.putIfAbsent(parser.name(), parser) != null) {
                throw new IllegalStateException("two log parsers named " + parser.name());
            }
        }
        return byName;
    }

    public static Optional<LogParser> find(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    public static Iterable<String> names() {
        return BY_NAME.keySet();
    }
}
