package storagebench.workload.oltp;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import storagebench.dbms.DatabaseTarget;
import storagebench.events.IoSample;
import storagebench.workload.Param;
import storagebench.workload.Params;

/**
 * What oltp does differently on one kind of database: its extra parameters and checks, the workload's own
 * database there, which failures are retried, and what the IO samples add to the measured step.
 * {@link OltpWorkload}'s table names one per kind.
 */
interface OltpKind {

    /** Parameters this kind has beyond the shared ones. */
    default List<Param> params() {
        return List.of();
    }

    /**
     * Checks the target and the variants before anything runs (the role's rights, a storage root).
     *
     * @throws storagebench.BadInputException naming the key and the reason
     */
    default void preflight(DatabaseTarget target, List<Params> variants, String workload) {}

    /** The database named {@code name} on the target's server, for a trial with these parameters. */
    OltpDatabase database(DatabaseTarget target, String name, Params params);

    /** How the load sends a statement's rows: JDBC batches, by default. */
    default Statements.Batches batches() {
        return JdbcBatch::new;
    }

    /** Which failures a virtual user retries: class 40 SQLStates, and the kind's own. */
    default Retryable retryable() {
        return Retryable.standard();
    }

    /** The measured step's metrics of its IO samples: how many, by default. */
    default Function<List<IoSample>, Map<String, Double>> sampleMetrics(Params params) {
        return samples -> Map.of("io_samples", (double) samples.size());
    }
}
