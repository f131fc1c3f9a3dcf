package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README's views give every run the column {@code host_labels}: the labels its RunStarted recorded
 * (v5), an empty map for runs recorded before runs carried labels, alone or beside newer ones.
 */
class HostLabelsViewTest {
    @TempDir Path parquet;

    @Test
    void runsRecordedBeforeLabelsReadAsAnEmptyMap() throws Exception {
        // given: a runs file as a v4 sink wrote it (a host record without labels)
        write("old", "{'hostname': 'h1', 'settings': MAP {}::MAP(VARCHAR, VARCHAR)}");
        // then
        assertThat(labels()).containsExactly("r-old h1 {} MAP(VARCHAR, VARCHAR)");
        // given: and a newer one beside it
        write(
                "new",
                "{'hostname': 'h2', 'settings': MAP {}::MAP(VARCHAR, VARCHAR), 'labels': MAP"
                        + " {'disk': 'nvme'}}");
        // then
        assertThat(labels())
                .containsExactly(
                        "r-new h2 {disk=nvme} MAP(VARCHAR, VARCHAR)",
                        "r-old h1 {} MAP(VARCHAR, VARCHAR)");
    }

    private void write(String run, String host) throws Exception {
        Path folder = Files.createDirectories(parquet.resolve("runs/experiment=e"));
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = duckdb.createStatement()) {
            s.execute(
                    "COPY (SELECT 'r-"
                            + run
                            + "' AS run_id, TIMESTAMPTZ '2026-12-01 10:00:00+00' AS start_time, 1"
                            + " AS attempt, "
                            + host
                            + " AS host) TO '"
                            + folder.resolve(run + ".parquet")
                            + "'");
        }
    }

    private List<String> labels() throws Exception {
        List<String> rows = new ArrayList<>();
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = duckdb.createStatement()) {
            for (String statement :
                    Files.readString(Path.of("..", "queries", "duckdb.sql"))
                            .replaceAll("(?m)^--.*$", "")
                            .split(";")) {
                // the trials' views need trials files; the runs' do not
                if (!statement.isBlank() && !statement.contains("trials")) {
                    s.execute(
                            statement.replace(
                                    "getvariable('parquet')",
                                    "'" + parquet.toString().replace("'", "''") + "'"));
                }
            }
            try (ResultSet rs =
                    s.executeQuery(
                            "SELECT run_id || ' ' || host.hostname || ' ' || host_labels::VARCHAR"
                                    + " || ' ' || typeof(host_labels) FROM runs ORDER BY run_id")) {
                while (rs.next()) {
                    rows.add(rs.getString(1));
                }
            }
        }
        return rows;
    }
}
