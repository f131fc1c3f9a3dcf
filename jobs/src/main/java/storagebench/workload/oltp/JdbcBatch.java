package storagebench.workload.oltp;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.concurrent.atomic.LongAdder;

/**
 * A load statement's rows as JDBC batches of {@value #BATCH}: what PostgreSQL (its driver rewrites them
 * into multi-row inserts), H2 and SQL Server load with.
 */
final class JdbcBatch implements RowBatch, RowBatch.Row {
    static final int BATCH = 1000;

    private final Statements statements;
    private final PreparedStatement statement;
    private final LongAdder rows;
    private int pending;

    JdbcBatch(Statements statements, String name, LongAdder rows) throws SQLException {
        this.statements = statements;
        this.statement = statements.get(name);
        this.rows = rows;
    }

    @Override
    public Row row() {
        return this;
    }

    @Override
    public void add() throws SQLException {
        statement.addBatch();
        if (++pending == BATCH) {
            flush();
        }
    }

    @Override
    public void flush() throws SQLException {
        if (pending > 0) {
            statement.executeBatch();
            statements.connection().commit();
            rows.add(pending);
            pending = 0;
        }
    }

    @Override
    public void setInt(int position, int value) throws SQLException {
        statement.setInt(position, value);
    }

    @Override
    public void setString(int position, String value) throws SQLException {
        statement.setString(position, value);
    }

    @Override
    public void setBigDecimal(int position, BigDecimal value) throws SQLException {
        statement.setBigDecimal(position, value);
    }

    @Override
    public void setTimestamp(int position, Timestamp value) throws SQLException {
        statement.setTimestamp(position, value);
    }

    @Override
    public void setNull(int position, int sqlType) throws SQLException {
        statement.setNull(position, sqlType);
    }
}
