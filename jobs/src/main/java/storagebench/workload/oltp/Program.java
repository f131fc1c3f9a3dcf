package storagebench.workload.oltp;

import java.sql.SQLException;

/** One transaction type as a virtual user runs it, on that user's connection and statements. */
@FunctionalInterface
interface Program {

    /** Draws the inputs of one transaction: the attempt runs with them, and again after a retryable failure. */
    Attempt draw();

    /** One attempt at a transaction, inside a transaction its caller commits or rolls back. */
    @FunctionalInterface
    interface Attempt {
        /**
         * @return true to commit; false when the mix itself rolls the transaction back (TPC-C's new-order
         *     with an unused item)
         */
        boolean run() throws SQLException;
    }
}
