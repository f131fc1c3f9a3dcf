package storagebench.cli;

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
import storagebench.Hostname;
import storagebench.sink.Views;

/**
 * A host's name and labels ({@code host.name}, {@code host.labels}; an import's {@code --host} and
 * {@code --host-label}) are what the dataset shows as the runs' host, through README's views.
 */
class HostIdentityIT extends BrokerOnDataDir {

    @Test
    void aRunRecordsTheConfiguredNameAndLabels() throws Exception {
        // given
        Path yaml =
                Files.writeString(
                        tmp.resolve("named.yaml"),
                        """
                        experiment: host-named
                        target: {kind: local, directory: %s}
                        workload: {type: file-init, file-size: 1MB}
                        factors: {init: [zero]}
                        repetitions: 1
                        warmups: 0
                        """
                                .formatted(tmp.resolve("work")));
        // when
        CliOutput run =
                CliOutput.run(
                        "run",
                        yaml.toString(),
                        "--data-dir",
                        data.toString(),
                        "--set",
                        "host.name=lab-1",
                        "--set",
                        "host.labels=role=dev,disk=nvme",
                        "--no-report");
        // then
        assertThat(run.exit()).isZero();
        assertThat(
                        rows(
                                "SELECT host.hostname || ' ' || host_labels['role'] || ' '"
                                        + " || host_labels['disk'] || ' ' || host.machine_hostname"
                                        + " FROM runs WHERE experiment = 'host-named'"))
                .containsExactly("lab-1 dev nvme " + Hostname.get());
        assertThat(
                        rows(
                                "SELECT DISTINCT host FROM trials WHERE experiment = 'host-named'"
                                        + " UNION ALL SELECT host FROM read_parquet(getvariable("
                                        + "'parquet') || '/run_finished/**/*.parquet',"
                                        + " hive_partitioning = true) WHERE experiment ="
                                        + " 'host-named'"))
                .containsExactly("lab-1", "lab-1");
    }

    @Test
    void seed000sThreeSystemsImportAsThreeLabelledHosts() throws Exception {
        // given: seed 000's setup timings, one file per system
        Path mapping =
                Path.of(
                        HostIdentityIT.class
                                .getResource("/importer/csv/seed000-setup.yaml")
                                .toURI());
        String header = "server,disk,ifi,tempdb_files,file_size_mb,started,ended,error\n";
        String[][] systems = {
            {"laptop", "disk=SSD", "A,SSD,off,4,8,2024-03-04 08:00:05,2024-03-04 08:03:41,\n"},
            {
                "workstation",
                "disk=NVMe",
                "B,NVMe,off,4,8,2024-03-04 08:30:00,2024-03-04 08:31:02,\n"
            },
            {
                "server",
                "disk=RAID10 10K SAS",
                "C,RAID10 10K SAS,off,4,8,2024-03-04 09:00:09,2024-03-04 09:12:51,\n"
            }
        };
        for (String[] system : systems) {
            Path log =
                    Files.writeString(
                            tmp.resolve("seed000-" + system[0] + ".csv"), header + system[2]);
            // when
            CliOutput imported =
                    CliOutput.run(
                            "import",
                            "--data-dir",
                            data.toString(),
                            "--format",
                            "csv",
                            "--option",
                            "mapping=" + mapping,
                            "--experiment",
                            "seed-000",
                            "--host",
                            system[0],
                            "--host-label",
                            system[1],
                            "--host-label",
                            "seed=000",
                            "--no-report",
                            log.toString());
            assertThat(imported.exit()).as(imported.err()).isZero();
        }
        // then: three hosts, each with its labels, in runs and (by host) in trials
        assertThat(
                        rows(
                                "SELECT host.hostname || ': ' || host_labels['disk'] || ', seed '"
                                        + " || host_labels['seed'] FROM runs WHERE experiment ="
                                        + " 'seed-000' ORDER BY 1"))
                .containsExactly(
                        "laptop: SSD, seed 000",
                        "server: RAID10 10K SAS, seed 000",
                        "workstation: NVMe, seed 000");
        assertThat(
                        rows(
                                "SELECT t.host || ' ' || r.host_labels['disk'] FROM measured_trials t"
                                        + " JOIN runs r USING (run_id) WHERE t.experiment ="
                                        + " 'seed-000' ORDER BY 1"))
                .containsExactly("laptop SSD", "server RAID10 10K SAS", "workstation NVMe");
    }

    /** The first column of each row of {@code sql} over README's views of the dataset. */
    private static List<String> rows(String sql) throws Exception {
        List<String> rows = new ArrayList<>();
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = duckdb.createStatement()) {
            Views.define(s, data.resolve("parquet"));
            try (ResultSet rs = s.executeQuery(sql)) {
                while (rs.next()) {
                    rows.add(rs.getString(1));
                }
            }
        }
        return rows;
    }
}
