package storagebench.workload.fileio;

import java.util.Map;
import storagebench.dbms.TargetKind;
import storagebench.workload.WorkloadType;

/** file-io (seed 003): random IO on this host's disk ({@link LocalFileIo}); local only. */
public final class FileIoWorkload extends WorkloadType {

    public FileIoWorkload() {
        super(
                "file-io",
                "random IO at concurrency C on files of size S, optionally capped per file by size tier "
                        + "(seed 003)",
                Map.of(TargetKind.LOCAL, LocalFileIo::new));
    }

    @Override
    protected String unsupported(TargetKind kind) {
        return "file-io runs on the local target only; "
                + kind.yamlName()
                + " is a database target";
    }
}
