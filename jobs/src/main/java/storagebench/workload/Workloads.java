package storagebench.workload;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import storagebench.workload.command.CommandOnTarget;
import storagebench.workload.filegroup.LocalFilegroupInsert;
import storagebench.workload.fileinit.LocalFileInit;
import storagebench.workload.fileio.LocalFileIo;
import storagebench.workload.restore.RestoreWorkload;

/** The registry of workloads by name: adding one means adding it here and nowhere else. */
public final class Workloads {
    private static final Map<String, Workload> BY_NAME = new LinkedHashMap<>();

    static {
        register(new LocalFileInit());
        register(new CommandOnTarget());
        register(new LocalFilegroupInsert());
        register(new LocalFileIo());
        register(new RestoreWorkload());
    }

    private Workloads() {
    }

    private static void register(Workload workload) {
        BY_NAME.put(workload.name(), workload);
    }

    public static Optional<Workload> find(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    public static Iterable<String> names() {
        return BY_NAME.keySet();
    }
}
