package storagebench.workload.filegroup;

import java.util.List;
import storagebench.BadInputException;
import storagebench.config.Values;
import storagebench.dbms.DatabaseTarget;
import storagebench.workload.Param;
import storagebench.workload.ParamType;
import storagebench.workload.Params;

/** filegroup-insert on Firebird: a database of N files of file-size under database-root. */
final class FirebirdFilegroupKind implements FilegroupKind {

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional(
                        DatabaseFilegroupInsert.FILE_SIZE,
                        ParamType.SIZE,
                        "0",
                        "the length of each "
                                + "database file (whole 8 KiB pages, at least 2MiB when files > 1; the last file grows as needed)"));
    }

    @Override
    public void checkVariant(Params variant) {
        if (variant.getInt(DatabaseFilegroupInsert.FILES) > 1
                && variant.getSize(DatabaseFilegroupInsert.FILE_SIZE)
                        < FirebirdFilegroup.MIN_FILE_PAGES * FirebirdFilegroup.PAGE_SIZE) {
            throw new BadInputException(
                    "filegroup-insert on firebird: file-size must be at least 2MiB (256 "
                            + "pages of 8 KiB: the primary file's system pages come first) when files > 1, got "
                            + Values.formatSize(
                                    variant.getSize(DatabaseFilegroupInsert.FILE_SIZE)));
        }
    }

    @Override
    public void checkTarget(DatabaseTarget target, String workload) {
        target.kind().database().requireAdminRights(target, workload, "database files");
    }

    @Override
    public TrialStorage storage(DatabaseTarget target, String name, Params params) {
        return new FirebirdFilegroup(
                target,
                name,
                params.getInt(DatabaseFilegroupInsert.FILES),
                params.getSize(DatabaseFilegroupInsert.FILE_SIZE));
    }

    @Override
    public String insertUrl(DatabaseTarget target, String name) {
        return FirebirdFilegroup.trialUrl(target, name);
    }

    @Override
    public String rowText() {
        return FirebirdFilegroup.TEXT;
    }
}
