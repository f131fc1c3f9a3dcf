package storagebench.dbms;

import storagebench.events.TargetSnapshot;

/** Where a workload runs. */
public interface Target {
    TargetKind kind();

    /** What the results were measured on, for RunStarted; never holds a password. */
    TargetSnapshot snapshot();
}
