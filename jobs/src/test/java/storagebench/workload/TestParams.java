package storagebench.workload;

import java.util.LinkedHashMap;
import java.util.Map;

/** A workload's parameters as a trial gets them: defaults, then the given values read as YAML text. */
public final class TestParams {
    private TestParams() {}

    /** @param values alternating names and texts, e.g. "files", "500", "file-size", "20MB" */
    public static Params of(Workload workload, String... values) {
        Map<String, Object> typed = new LinkedHashMap<>();
        Map<String, String> given = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i += 2) {
            given.put(values[i], values[i + 1]);
        }
        for (Param p : workload.params()) {
            String text = given.remove(p.name());
            if (text != null) {
                typed.put(p.name(), p.parse(text));
            } else if (p.defaultValue() != null) {
                typed.put(p.name(), p.parse(p.defaultValue()));
            }
        }
        if (!given.isEmpty()) {
            throw new IllegalArgumentException(
                    "not parameters of " + workload.name() + ": " + given.keySet());
        }
        return new Params(typed);
    }
}
