package storagebench.workload.filegroup;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import storagebench.dbms.DatabaseTarget;
import storagebench.events.IoSample;
import storagebench.workload.TrialContext;
import storagebench.workload.sampling.StepSampler;

/** One trial of {@link DatabaseFilegroupInsert}: the connection lives from set-up to clean-up. */
final class DatabaseInsertTrial {
    /** The seed's value, padded by CHAR(8000) to the whole row. */
    static final String TEXT = "Sr. Nimbus";

    private final TrialStorage storage;
    private final String insertSql;
    private final int rows;
    private final StepSampler sampler;
    private final Function<List<IoSample>, Map<String, Double>> sampleMetrics;
    private Connection connection;

    /**
     * @param url the trial's database, for the IO sampler's connection
     * @param insertSql the insert statement, on the table the storage makes
     * @param sampleInterval how often the server's IO counters are sampled during the inserts; zero: never
     * @param sampleMetrics the insert step's metrics of the samples taken
     */
    DatabaseInsertTrial(
            TrialStorage storage,
            String url,
            String insertSql,
            int rows,
            TrialContext trial,
            Duration sampleInterval,
            Function<List<IoSample>, Map<String, Double>> sampleMetrics) {
        this.sampleMetrics = sampleMetrics;
        this.storage = storage;
        this.insertSql = insertSql;
        this.rows = rows;
        this.sampler =
                new StepSampler(
                        (DatabaseTarget) trial.target(),
                        url,
                        trial,
                        "insert",
                        sampleInterval,
                        storage.relations());
    }

    Map<String, Double> setup() throws SQLException {
        connection = storage.create();
        connection.setAutoCommit(true);
        sampler.open();
        return Map.of();
    }

    /** R single-row inserts, each committed on its own (autocommit), then the server's figures. */
    Map<String, Double> insert() throws SQLException, InterruptedException {
        sampler.start();
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
        if (sampler.enabled()) {
            metrics.putAll(sampleMetrics.apply(sampler.stop()));
        }
        return metrics;
    }

    /** After the timed inserts: the storage's own figures, read on the insert connection. */
    Map<String, Double> report() throws SQLException {
        return storage.report(connection);
    }

    /** The insert step's metrics of its samples when the server's IO has no more to say: their number. */
    static Map<String, Double> counted(List<IoSample> samples) {
        return Map.of("io_samples", (double) samples.size());
    }

    Map<String, Double> cleanup() throws SQLException {
        sampler.close();
        try (Connection c = connection) {
            connection = null;
        } catch (SQLException e) {
            // closing failed: the connections are gone either way; dropping the storage matters
            // more
        } finally {
            storage.drop();
        }
        return Map.of();
    }
}
