package storagebench.workload.filegroup;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/** One trial of {@link DatabaseFilegroupInsert}: the connection lives from set-up to clean-up. */
final class DatabaseInsertTrial {
    /** The seed's value, padded by CHAR(8000) to the whole row. */
    static final String TEXT = "Sr. Nimbus";
    private final TrialStorage storage;
    private final int rows;
    private Connection connection;

    DatabaseInsertTrial(TrialStorage storage, int rows) {
        this.storage = storage;
        this.rows = rows;
    }

    Map<String, Double> setup() throws SQLException {
        connection = storage.create();
        connection.setAutoCommit(true);
        return Map.of();
    }

    /** R single-row inserts, each committed on its own (autocommit), then the server's figures. */
    Map<String, Double> insert() throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(storage.insertSql())) {
            insert.setString(1, TEXT);
            for (int i = 0; i < rows; i++) {
                if (Thread.currentThread().isInterrupted()) {
                    throw new SQLException("interrupted after " + i + " rows (trial timeout)");
                }
                insert.executeUpdate();
            }
        }
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("rows", (double) rows);
        metrics.putAll(storage.finish(connection));
        return metrics;
    }

    Map<String, Double> cleanup() throws SQLException {
        try {
            if (connection != null) {
                connection.close();
            }
        } finally {
            connection = null;
            storage.drop();
        }
        return Map.of();
    }
}
