package storagebench.workload.filegroup;

import java.util.Map;
import storagebench.dbms.TargetKind;
import storagebench.workload.WorkloadType;

/**
 * filegroup-insert (seed 001): single-row inserts, one commit each, into storage spread over N files; on
 * local, a filegroup of N files written as a database would ({@link LocalFilegroupInsert}), on a database,
 * a table over N files of it ({@link DatabaseFilegroupInsert} with the kind's {@link FilegroupKind}).
 */
public final class FilegroupInsertWorkload extends WorkloadType {

    public FilegroupInsertWorkload() {
        super(
                "filegroup-insert",
                "insert R one-page rows, one commit each, into a filegroup of N files of size S "
                        + "(seed 001)",
                Map.of(
                        TargetKind.LOCAL, LocalFilegroupInsert::new,
                        TargetKind.H2, () -> new DatabaseFilegroupInsert(new H2FilegroupKind()),
                        TargetKind.POSTGRES,
                                () -> new DatabaseFilegroupInsert(new PostgresFilegroupKind()),
                        TargetKind.FIREBIRD,
                                () -> new DatabaseFilegroupInsert(new FirebirdFilegroupKind()),
                        TargetKind.SQLSERVER,
                                () -> new DatabaseFilegroupInsert(new SqlServerFilegroupKind())));
    }
}
