package storagebench.workload.oltp;

import java.sql.SQLException;
import java.util.concurrent.atomic.LongAdder;

/** One part of a schema's load, run on a connection of its own beside the other parts. */
@FunctionalInterface
interface LoadTask {

    /** Inserts its rows in batches, committing each, and counts them into {@code rows}. */
    void load(Statements statements, LongAdder rows) throws SQLException;
}
