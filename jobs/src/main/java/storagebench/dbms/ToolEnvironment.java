package storagebench.dbms;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A database target as the environment of a program run against it, in the variables the server's own
 * tools read ({@link DatabaseKind#toolEnvironment}), so that a command needs no password on its command
 * line; and for every kind {@code STORAGEBENCH_TARGET_KIND}, {@code STORAGEBENCH_TARGET_URL} (without any
 * password) and {@code STORAGEBENCH_TARGET_USER}.
 */
public final class ToolEnvironment {

    private ToolEnvironment() {}

    public static Map<String, String> of(DatabaseTarget target) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("STORAGEBENCH_TARGET_KIND", target.kind().yamlName());
        env.put("STORAGEBENCH_TARGET_URL", target.location());
        env.put("STORAGEBENCH_TARGET_USER", target.user());
        env.putAll(target.kind().database().toolEnvironment(target));
        return env;
    }
}
