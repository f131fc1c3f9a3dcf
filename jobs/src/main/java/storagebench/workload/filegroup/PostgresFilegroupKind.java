package storagebench.workload.filegroup;

import storagebench.dbms.DatabaseTarget;
import storagebench.workload.Params;

/** filegroup-insert on PostgreSQL: a table hash-partitioned over N tablespaces under tablespace-root. */
final class PostgresFilegroupKind implements FilegroupKind {

    @Override
    public void checkTarget(DatabaseTarget target, String workload) {
        PostgresFilegroup.checkRoot(target);
        target.kind().database().requireAdminRights(target, workload, "CREATE TABLESPACE");
    }

    @Override
    public TrialStorage storage(DatabaseTarget target, String name, Params params) {
        return new PostgresFilegroup(target, name, params.getInt(DatabaseFilegroupInsert.FILES));
    }
}
