package storagebench.workload.oltp;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import storagebench.dbms.SqlScript;

/**
 * A connection's prepared statements, by their name in the mix's SQL: each prepared on first use and
 * kept, so a virtual user prepares each statement once and runs it many times.
 */
final class Statements implements AutoCloseable {
    private final Connection connection;
    private final SqlScript sql;
    private final Map<String, PreparedStatement> prepared = new HashMap<>();
    private final Batches batches;

    /** How a load statement's rows are sent: JDBC batches, or the product's faster way. */
    @FunctionalInterface
    interface Batches {
        RowBatch open(Statements statements, String name, LongAdder rows) throws SQLException;
    }

    Statements(Connection connection, SqlScript sql) {
        this(connection, sql, JdbcBatch::new);
    }

    Statements(Connection connection, SqlScript sql, Batches batches) {
        this.connection = connection;
        this.sql = sql;
        this.batches = batches;
    }

    /** The text of the statement {@code name}. */
    String sql(String name) {
        return sql.sql(name);
    }

    /** The rows of the load statement {@code name}, counted into {@code rows} as they are committed. */
    RowBatch batch(String name, LongAdder rows) throws SQLException {
        return batches.open(this, name, rows);
    }

    Connection connection() {
        return connection;
    }

    PreparedStatement get(String name) throws SQLException {
        PreparedStatement statement = prepared.get(name);
        if (statement == null) {
            statement = connection.prepareStatement(sql.sql(name));
            prepared.put(name, statement);
        }
        return statement;
    }

    @Override
    public void close() {
        for (PreparedStatement statement : prepared.values()) {
            try {
                statement.close();
            } catch (SQLException e) {
                // the connection closes next; what matters is that it does
            }
        }
        prepared.clear();
    }
}
