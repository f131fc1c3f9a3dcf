package storagebench.report;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The hosts an answer covers ({@code --host}, {@code --host-label}): the runs recorded on the host of
 * that name, and whose host carried every one of those labels (RunStarted's {@code host.labels}).
 *
 * @param name only this host; empty: any
 * @param labels labels the run's host carried, all of them; empty: any
 */
public record HostScope(Optional<String> name, Map<String, String> labels) {
    public static final HostScope ALL = new HostScope(Optional.empty(), Map.of());

    public HostScope {
        labels = Collections.unmodifiableMap(new TreeMap<>(labels));
    }

    /** The scope of {@code name} (null: any host) and {@code labels}. */
    public static HostScope of(String name, Map<String, String> labels) {
        return new HostScope(Optional.ofNullable(name), labels);
    }

    public boolean isAll() {
        return name.isEmpty() && labels.isEmpty();
    }

    /** The scope as command-line options, e.g. {@code --host db1 --host-label disk=nvme}; empty for all. */
    public String options() {
        StringBuilder s = new StringBuilder();
        name.ifPresent(v -> s.append(" --host ").append(v));
        labels.forEach((k, v) -> s.append(" --host-label ").append(k).append('=').append(v));
        return s.toString().strip();
    }
}
