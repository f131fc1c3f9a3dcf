package storagebench.workload;

import java.time.Duration;
import java.util.Map;

/** The typed parameter values of one trial: fixed values and this variant's factors, already checked. */
public record Params(Map<String, Object> values) {

    public int getInt(String name) {
        return (Integer) get(name);
    }

    public long getSize(String name) {
        return (Long) get(name);
    }

    public boolean getBoolean(String name) {
        return (Boolean) get(name);
    }

    public Duration getDuration(String name) {
        return (Duration) get(name);
    }

    public String getText(String name) {
        return (String) get(name);
    }

    private Object get(String name) {
        Object value = values.get(name);
        if (value == null) {
            throw new IllegalStateException("parameter " + name + " was not resolved");
        }
        return value;
    }
}
