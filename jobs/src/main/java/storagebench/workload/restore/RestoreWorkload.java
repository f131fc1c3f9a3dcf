package storagebench.workload.restore;

import java.util.Map;
import storagebench.dbms.TargetKind;
import storagebench.workload.WorkloadType;

/**
 * Restoring a backup with the server's own tool or statement (seed 004): the measured step is the
 * restore, set-up makes or finds the backup, clean-up drops the restored database. Each kind of
 * database target has its own implementation, with its own parameters.
 */
public final class RestoreWorkload extends WorkloadType {

    public RestoreWorkload() {
        super(
                "restore",
                "restore a backup with the server's own tool, timed, per-step where the tool reports it "
                        + "(seed 004)",
                Map.of(
                        TargetKind.POSTGRES, PostgresRestore::new,
                        TargetKind.SQLSERVER, SqlServerRestore::new,
                        TargetKind.FIREBIRD, FirebirdRestore::new));
    }

    @Override
    protected String unsupported(TargetKind kind) {
        return "restore runs on database targets that have a restore tool: postgres (pg_restore), firebird (gbak) "
                + "and sqlserver (RESTORE DATABASE); not on "
                + kind.yamlName();
    }
}
