package storagebench.workload.oltp;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.Timestamp;

/**
 * The rows of one load statement, sent in batches, each batch committed and counted: the caller binds a
 * row's values on {@link #row()} (positions as in the statement), then {@link #add()}s it, and flushes at
 * the end.
 */
interface RowBatch {

    /** The values of the next row. */
    Row row();

    /** Adds the row bound on {@link #row()}; sends and commits a batch when one is full. */
    void add() throws SQLException;

    /** Sends and commits what is pending. */
    void flush() throws SQLException;

    /** One row's values, by position from 1, as a PreparedStatement takes them. */
    interface Row {
        void setInt(int position, int value) throws SQLException;

        void setString(int position, String value) throws SQLException;

        void setBigDecimal(int position, BigDecimal value) throws SQLException;

        void setTimestamp(int position, Timestamp value) throws SQLException;

        /** SQL NULL of the {@link java.sql.Types} type. */
        void setNull(int position, int sqlType) throws SQLException;
    }
}
