package storagebench.workload.fileinit;

import java.util.Map;
import storagebench.dbms.TargetKind;
import storagebench.workload.WorkloadType;

/**
 * file-init (seed 000): on local, files written with zeros or allocated instantly; on postgres, WAL
 * segment creation with wal_init_zero on or off; on sqlserver, CREATE DATABASE (or MODIFY FILE growth)
 * with the server's IFI state recorded.
 */
public final class FileInitWorkload extends WorkloadType {

    public FileInitWorkload() {
        super(
                "file-init",
                "create N files of size S (or grow them to G) by writing zeros or by instant "
                        + "allocation (seed 000)",
                Map.of(
                        TargetKind.LOCAL, LocalFileInit::new,
                        TargetKind.POSTGRES, PostgresWalInit::new,
                        TargetKind.SQLSERVER, SqlServerFileInit::new));
    }

    @Override
    protected String unsupported(TargetKind kind) {
        return "file-init runs on local, postgres and sqlserver targets; "
                + kind.yamlName()
                + " has no file-initialisation setting to compare";
    }
}
