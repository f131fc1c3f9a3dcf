package storagebench.workload.command;

import java.util.Map;
import storagebench.dbms.TargetKind;
import storagebench.workload.WorkloadType;

/**
 * command: any program, run once per trial and timed ({@link CommandOnTarget}). On a database server's
 * target the program gets the server in the environment its own tools read and the server's IO counters
 * are sampled while it runs. Not on H2, which no other program can reach while it is embedded here.
 */
public final class CommandWorkload extends WorkloadType {

    public CommandWorkload() {
        super(
                "command",
                "run any program per trial, factors substituted into its arguments, timed (seed 000)",
                Map.of(
                        TargetKind.LOCAL, () -> new CommandOnTarget(TargetKind.LOCAL),
                        TargetKind.POSTGRES, () -> new CommandOnTarget(TargetKind.POSTGRES),
                        TargetKind.FIREBIRD, () -> new CommandOnTarget(TargetKind.FIREBIRD),
                        TargetKind.SQLSERVER, () -> new CommandOnTarget(TargetKind.SQLSERVER)));
    }
}
