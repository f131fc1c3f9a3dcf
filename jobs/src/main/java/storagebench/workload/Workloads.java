package storagebench.workload;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import storagebench.Services;

/**
 * The registry of workloads by name: adding one means one line in {@code
 * META-INF/services/storagebench.workload.WorkloadType} (its order is the order they are listed in),
 * found through {@link java.util.ServiceLoader} so that this package imports none of the workloads' packages.
 */
public final class Workloads {
    private static final Map<String, WorkloadType> BY_NAME =
            Services.byKey(WorkloadType.class, WorkloadType::name);

    private Workloads() {}

    public static Optional<WorkloadType> find(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    public static Iterable<String> names() {
        return BY_NAME.keySet();
    }

    /** Every workload's headline metrics, by name (the first declaration of a name wins). */
    public static Map<String, Metric> headlines() {
        Map<String, Metric> metrics = new LinkedHashMap<>();
        BY_NAME.values().forEach(w -> w.headline().forEach(m -> metrics.putIfAbsent(m.name(), m)));
        return metrics;
    }
}
