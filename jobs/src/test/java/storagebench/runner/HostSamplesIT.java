package storagebench.runner;

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
import storagebench.cli.Main;
import storagebench.sink.Dataset;

/**
 * A run samples the host during its trials: the samples go to the topic with the trial's events and
 * into the dataset's {@code host_samples} table, each interval flagged with its step and phase.
 */
class HostSamplesIT {
    @TempDir Path tmp;

    @Test
    void aRunsTrialsCarryTheHostsSamplesIntoTheDataset() throws Exception {
        // given: two trials with a 300 ms set-up and a 500 ms measured step, sampled every 100 ms
        Path yaml =
                Files.writeString(
                        tmp.resolve("sampled.yaml"),
                        """
                        experiment: host-sampled
                        target: {kind: local, directory: %s}
                        workload: {type: command, command: "sleep 0.5", setup: "sleep 0.3"}
                        repetitions: 2
                        warmups: 0
                        """
                                .formatted(tmp.resolve("work")));
        Path data = tmp.resolve("data");
        try {
            // when
            int exit =
                    Main.execute(
                            "run",
                            yaml.toString(),
                            "--data-dir",
                            data.toString(),
                            "--set",
                            "host.sample-interval=100ms",
                            "--no-report");
            // then: each trial's whole intervals, of both phases, CPU shares within 0 and 1
            assertThat(exit).isZero();
            Dataset dataset = new Dataset(data.resolve("parquet"));
            List<String> cpu =
                    dataset.column(
                            "host_samples",
                            "t FROM (SELECT trial_index || ' ' || phase || ' ' || count(*) AS t"
                                    + " FROM read_parquet('"
                                    + data.resolve("parquet/host_samples")
                                    + "/**/*.parquet', hive_partitioning = true) WHERE source ="
                                    + " 'cpu' AND metrics['user'] BETWEEN 0 AND 1 AND"
                                    + " metrics['idle'] BETWEEN 0 AND 1 GROUP BY trial_index,"
                                    + " phase) --");
            assertThat(cpu).hasSize(4);
            assertThat(cpu)
                    .allSatisfy(
                            row -> {
                                String[] f = row.split(" ");
                                int n = Integer.parseInt(f[2]);
                                assertThat(n).as(row).isBetween(1, f[1].equals("measured") ? 6 : 4);
                            });
            assertThat(dataset.column("host_samples", "DISTINCT source"))
                    .contains("cpu", "core", "memory");
            assertThat(dataset.rows("host_samples"))
                    .isEqualTo(dataset.distinctEventIds("host_samples"));
            // and docs/events.md's query runs on it as written (but for the data directory)
            String docs = Files.readString(Path.of("..", "docs", "events.md"));
            int from = docs.indexOf("```sql", docs.indexOf("**Host samples.**")) + 6;
            String query =
                    docs.substring(from, docs.indexOf("```", from))
                            .replace("data/parquet", data.resolve("parquet").toString());
            List<String> rows = new ArrayList<>();
            try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                    Statement statement = duckdb.createStatement();
                    ResultSet rs = statement.executeQuery(query)) {
                while (rs.next()) {
                    rows.add(rs.getString("source") + " " + (rs.getDouble("cpu_busy") >= 0));
                }
            }
            assertThat(rows).contains("cpu true");
        } finally {
            Main.execute("broker", "stop", "--data-dir", data.toString());
        }
    }
}
