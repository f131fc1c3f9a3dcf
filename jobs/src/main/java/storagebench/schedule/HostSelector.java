package storagebench.schedule;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Which hosts a schedule runs on ({@code hosts:} in a schedules file): {@code any} — one run per
 * firing, on whichever service takes the trigger (the default); {@code all} — one run per firing on
 * every registered host; {@code [name, …]} — on the hosts of those names; {@code {label: value, …}}
 * — on the hosts that carry every one of those labels.
 *
 * @param kind which of the four
 * @param names the hosts named ({@link Kind#NAMES})
 * @param labels the labels every chosen host carries ({@link Kind#LABELS})
 */
public record HostSelector(Kind kind, List<String> names, Map<String, String> labels) {
    /** The four forms. */
    public enum Kind {
        ANY,
        ALL,
        NAMES,
        LABELS
    }

    public static final HostSelector ANY = new HostSelector(Kind.ANY, List.of(), Map.of());
    public static final HostSelector ALL = new HostSelector(Kind.ALL, List.of(), Map.of());

    public HostSelector {
        names = List.copyOf(names);
        labels = Map.copyOf(labels);
    }

    /** Whether each firing becomes one run per chosen host (a fleet firing) rather than one run. */
    public boolean fansOut() {
        return kind != Kind.ANY;
    }

    /** Whether the host of this name and these labels is chosen. */
    public boolean matches(String name, Map<String, String> hostLabels) {
        return switch (kind) {
            case ANY, ALL -> true;
            case NAMES -> names.contains(name);
            case LABELS ->
                    labels.entrySet().stream()
                            .allMatch(e -> e.getValue().equals(hostLabels.get(e.getKey())));
        };
    }

    /** As a schedules file writes it: {@code all}, {@code [db-1, db-2]}, {@code {role: replica}}. */
    public String written() {
        return switch (kind) {
            case ANY -> "any";
            case ALL -> "all";
            case NAMES -> "[" + String.join(", ", names) + "]";
            case LABELS ->
                    new TreeMap<>(labels)
                            .entrySet().stream()
                                    .map(e -> e.getKey() + ": " + e.getValue())
                                    .collect(Collectors.joining(", ", "{", "}"));
        };
    }
}
