package storagebench.workload.filegroup;

import storagebench.BadInputException;
import storagebench.dbms.DatabaseTarget;
import storagebench.workload.Params;

/** filegroup-insert on H2: a fresh database file per trial; one file only. */
final class H2FilegroupKind implements FilegroupKind {

    @Override
    public void checkVariant(Params variant) {
        int files = variant.getInt(DatabaseFilegroupInsert.FILES);
        if (files != 1) {
            throw new BadInputException(
                    "filegroup-insert on h2: files must be 1, got "
                            + files
                            + ": an H2 database is one file and cannot be spread over several (use a postgres target "
                            + "for a table over N tablespaces)");
        }
    }

    @Override
    public TrialStorage storage(DatabaseTarget target, String name, Params params) {
        return new H2Filegroup(target, name);
    }

    @Override
    public String insertUrl(DatabaseTarget target, String name) {
        return H2Filegroup.trialUrl(target.url(), name);
    }
}
