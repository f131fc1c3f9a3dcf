package storagebench.workload.filegroup;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import storagebench.dbms.DatabaseTarget;
import storagebench.events.IoSample;
import storagebench.workload.Param;
import storagebench.workload.Params;

/**
 * What filegroup-insert does differently on one kind of database: its extra parameters, its checks,
 * the storage a trial makes and the database the rows go to. {@link FilegroupInsertWorkload}'s table
 * names one per kind.
 */
interface FilegroupKind {

    /** Parameters this kind has beyond the shared ones. */
    default List<Param> params() {
        return List.of();
    }

    /**
     * Checks the variants and the target before anything runs: by default the shared checks of each
     * variant ({@link DatabaseFilegroupInsert#checkShared}), this kind's ({@link #checkVariant}), then
     * the target ({@link #checkTarget}).
     *
     * @throws storagebench.BadInputException naming the parameter or the target key and the reason
     */
    default void preflight(DatabaseTarget target, List<Params> variants, String workload) {
        for (Params variant : variants) {
            DatabaseFilegroupInsert.checkShared(target, variant);
            checkVariant(variant);
        }
        checkTarget(target, workload);
    }

    /** This kind's check of one variant; none by default. */
    default void checkVariant(Params variant) {}

    /** This kind's check of the target (a storage root, the user's rights); none by default. */
    default void checkTarget(DatabaseTarget target, String workload) {}

    /** The storage one trial makes and drops: a table over {@code files} tablespaces, files or partitions. */
    TrialStorage storage(DatabaseTarget target, String name, Params params);

    /** The database the inserts go to: the target's, or the trial's own database. */
    default String insertUrl(DatabaseTarget target, String name) {
        return target.url();
    }

    /** The value each insert binds: the seed's, or one that does not compress. */
    default String rowText() {
        return DatabaseInsertTrial.TEXT;
    }

    /** The insert step's metrics of the IO samples taken: how many, by default. */
    default Function<List<IoSample>, Map<String, Double>> sampleMetrics(Params params) {
        return DatabaseInsertTrial::counted;
    }
}
