package storagebench.workload;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import storagebench.workload.command.CommandWorkload;
import storagebench.workload.filegroup.FilegroupInsertWorkload;
import storagebench.workload.fileinit.FileInitWorkload;
import storagebench.workload.fileio.FileIoWorkload;
import storagebench.workload.oltp.OltpWorkload;
import storagebench.workload.restore.RestoreWorkload;

/** The registry of workloads by name: adding one means adding it here and nowhere else. */
public final class Workloads {
    private static final Map<String, WorkloadType> BY_NAME = new LinkedHashMap<>();

    static {
        register(new FileInitWorkload());
        register(new CommandWorkload());
        register(new FilegroupInsertWorkload());
        register(new FileIoWorkload());
        register(new RestoreWorkload());
        register(new OltpWorkload());
    }

    private Workloads() {}

    private static void register(WorkloadType workload) {
        BY_NAME.put(workload.name(), workload);
    }

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
