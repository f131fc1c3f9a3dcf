package storagebench.workload.filegroup;

import java.sql.Connection;
import java.time.Duration;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import storagebench.target.DatabaseTarget;
import storagebench.workload.TrialContext;
import storagebench.workload.dbio.DatabaseIoSampler;

/** One trial of {@link DatabaseFilegroupInsert}: the connection lives from set-up to clean-up. */
final class DatabaseInsertTrial {
    /** The seed's value, padded by CHAR(8000) to the whole row. */
    static final String TEXT = "Sr. Nimbus";
    private final TrialStorage storage;
    private final String url;
    private final String insertSql;
    private final int rows;
    private final DatabaseTarget target;
    private final TrialContext trial;
    private final Duration sampleInterval;
    private Connection connection;
    private DatabaseIoSampler sampler;

    /**
     * @param url the trial's database, for the IO sampler's connection
     * @param insertSql the insert statement, on the table the storage makes
     * @param sampleInterval how often the server's IO counters are sampled during the inserts; zero: never
     */
    DatabaseInsertTrial(TrialStorage storage, String url, String insertSql, int rows, TrialContext trial,
            Duration sampleInterval) {
        this.storage = storage;
        this.url = url;
        this.insertSql = insertSql;
        this.rows = rows;
        this.target = (DatabaseTarget) trial.target();
        this.trial = trial;
        this.sampleInterval = sampleInterval;
    }

    Map<String, Double> setup() throws SQLException {
        connection = storage.create();
        connection.setAutoCommit(true);
        if (!sampleInterval.isZero()) {
            sampler = new DatabaseIoSampler(target, url, trial, "insert", sampleInterval,
                    storage.relations());
        }
        return Map.of();
    }

    /** R single-row inserts, each committed on its own (autocommit), then the server's figures. */
    Map<String, Double> insert() throws SQLException, InterruptedException {
        if (sampler != null) {
            sampler.start();
        }
        try (PreparedStatement insert = connection.prepareStatement(insertSql)) {
            insert.setString(1, storage.text());
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
        if (sampler != null) {
            metrics.put("io_samples", (double) sampler.stop().size());
        }
        return metrics;
    }

    /** After the timed inserts: the storage's own figures, read on the insert connection. */
    Map<String, Double> report() throws SQLException {
        return storage.report(connection);
    }

    Map<String, Double> cleanup() throws SQLException {
        try (AutoCloseable s = sampler; Connection c = connection) {
            sampler = null;
            connection = null;
        } catch (Exception e) {
            // closing failed: the connections are gone either way; dropping the storage matters more
        } finally {
            storage.drop();
        }
        return Map.of();
    }
}
