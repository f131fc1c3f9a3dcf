package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import storagebench.broker.KafkaConnection;

/**
 * Counts a dataset against its topic independently of the sink: every committed event of the topic
 * (read_committed, decoded by the test) against every row of every table, joined by event id in DuckDB.
 */
final class GroupCounts {
    private GroupCounts() {}

    /** Asserts: as many rows as the topic has events, none twice, none missing, none extra. */
    static void assertExactlyOnce(KafkaConnection kafka, String topic, Path dataset, Path scratch)
            throws Exception {
        List<String> ids = new ArrayList<>();
        ids.add("event_id");
        BackgroundPublisher.eachCommitted(
                kafka, topic, event -> ids.add(TestEvents.eventId(event)));
        Path csv = Files.createTempFile(scratch, "topic-ids", ".csv");
        Files.write(csv, ids, StandardCharsets.UTF_8);
        String topicIds =
                "read_csv('" + csv + "', header = true, columns = {'event_id': 'VARCHAR'})";
        String rows =
                "(SELECT event_id FROM read_parquet('"
                        + dataset
                        + "/**/*.parquet', union_by_name = true))";
        long events = ids.size() - 1;
        assertThat(single("SELECT count(*) FROM " + rows))
                .as("rows in the dataset")
                .isEqualTo(events);
        assertThat(single("SELECT count(DISTINCT event_id) FROM " + rows))
                .as("distinct event ids in the dataset")
                .isEqualTo(events);
        assertThat(
                        single(
                                "SELECT count(*) FROM "
                                        + topicIds
                                        + " t ANTI JOIN "
                                        + rows
                                        + " d USING (event_id)"))
                .as("events of the topic missing from the dataset")
                .isZero();
        assertThat(
                        single(
                                "SELECT count(*) FROM "
                                        + rows
                                        + " d ANTI JOIN "
                                        + topicIds
                                        + " t USING (event_id)"))
                .as("rows of the dataset that are not in the topic")
                .isZero();
    }

    private static long single(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
