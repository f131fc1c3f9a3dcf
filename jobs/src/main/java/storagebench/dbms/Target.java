package storagebench.dbms;

import storagebench.events.TargetSnapshot;

/** Where a workload runs. */
public interface Target {
    TargetKind kind();

    /** What the results were measured on, for RunStarted; never holds a password. */
    TargetSnapshot snapshot();

    /**
     * What two runs at once must not share, without reaching the target: its kind and where it is (a
     * directory, a server's URL). May hold what a URL holds: hash it before showing it.
     */
    String identity();
}
