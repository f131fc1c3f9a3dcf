package storagebench.logformat;

import java.util.Map;
import java.util.Optional;
import storagebench.Services;

/**
 * The registry of log parsers by name: adding a format means one line in {@code
 * META-INF/services/storagebench.logformat.LogParser} (its order is the order they are listed in),
 * found through {@link java.util.ServiceLoader} so that this package imports none of the formats' packages.
 */
public final class LogParsers {
    private static final Map<String, LogParser> BY_NAME =
            Services.byKey(LogParser.class, LogParser::name);

    private LogParsers() {}

    public static Optional<LogParser> find(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    public static Iterable<String> names() {
        return BY_NAME.keySet();
    }
}
