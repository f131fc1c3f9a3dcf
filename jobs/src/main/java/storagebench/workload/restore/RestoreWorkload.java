package storagebench.workload.restore;

import java.util.List;
import storagebench.dbms.Target;
import storagebench.dbms.TargetKind;
import storagebench.workload.Param;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;

/**
 * Restoring a backup with the server's own tool or statement (seed 004): the measured step is the
 * restore, set-up makes or finds the backup, clean-up drops the restored database. Each kind of
 * database target has its own implementation, with its own parameters, chosen at load by
 * {@link #on(Target)}.
 */
public final class RestoreWorkload implements Workload {

    @Override
    public Workload on(TargetKind kind) {
        return switch (kind) {
            case POSTGRES -> new PostgresRestore();
            case SQLSERVER -> new SqlServerRestore();
            case FIREBIRD -> new FirebirdRestore();
            default -> throw new IllegalArgumentException("restore runs on database targets that have a restore "
                    + "tool: postgres (pg_restore), firebird (gbak) and sqlserver (RESTORE DATABASE); not on "
                    + kind.yamlName());
        };
    }

    @Override
    public String name() {
        return "restore";
    }

    @Override
    public String description() {
        return "restore a backup with the server's own tool, timed, per-step where the tool reports it (seed 004)";
    }

    /** The parameters depend on the target; see the implementation {@link #on(Target)} returns. */
    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    public List<Step> steps(TrialContext trial) {
        throw new IllegalStateException("restore runs through the implementation for its target (on(target))");
    }
}
