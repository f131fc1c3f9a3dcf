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
    void seed000sThreeSystemsImportAsThreeLabelledHostsThatTheAnswersKeepApart() throws Exception {
        // given: seed 000's setup timed three times on each of its three systems, one file each
        Path mapping =
                Files.writeString(
                        tmp.resolve("setup-map.yaml"),
                        """
                        step: setup
                        map: {start: started, end: ended, error: error}
                        factor: {ifi: ifi, file_size_mb: file_size_mb}
                        """);
        String header = "ifi,file_size_mb,started,ended,error\n";
        String[][] systems = {
            {"laptop", "disk=SSD", "03:36", "03:32", "03:40"},
            {"workstation", "disk=NVMe", "01:02", "01:00", "01:04"},
            {"server", "disk=RAID10 10K SAS", "12:42", "12:50", "12:35"}
        };
        for (String[] system : systems) {
            StringBuilder rows = new StringBuilder(header);
            for (int i = 0; i < 3; i++) {
                rows.append("off,8,2024-03-04 0")
                        .append(i + 1)
                        .append(":00:00,2024-03-04 0")
                        .append(i + 1)
                        .append(":")
                        .append(system[2 + i])
                        .append(",\n");
            }
            Path log = Files.writeString(tmp.resolve("seed000-" + system[0] + ".csv"), rows);
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
                                "SELECT DISTINCT t.host || ' ' || r.host_labels['disk'] FROM"
                                        + " measured_trials t JOIN runs r USING (run_id) WHERE"
                                        + " t.experiment = 'seed-000' ORDER BY 1"))
                .containsExactly("laptop SSD", "server RAID10 10K SAS", "workstation NVMe");
        // and the report keeps them apart, or keeps the hosts with every label given
        String all = answer("report", "--experiment", "seed-000", "--format", "csv");
        assertThat(all.lines().skip(1).map(l -> l.split(",")[1]))
                .containsExactlyInAnyOrder("laptop", "server", "workstation");
        String ssd =
                answer(
                        "report",
                        "--experiment",
                        "seed-000",
                        "--host-label",
                        "seed=000",
                        "--host-label",
                        "disk=SSD",
                        "--format",
                        "csv");
        assertThat(ssd.lines().skip(1).map(l -> l.split(",")[1])).containsExactly("laptop");
        // compare: each host against the server (seed 000's question: how much slower is the
        // laptop)
        String compared =
                answer(
                        "compare",
                        "--experiment",
                        "seed-000",
                        "--baseline-host",
                        "server",
                        "--format",
                        "csv");
        assertThat(compared.lines().skip(1))
                .hasSize(2)
                .allMatch(l -> l.contains("server"))
                .anyMatch(l -> l.contains("laptop"))
                .anyMatch(l -> l.contains("workstation"));
        // trend: the hosts a label picks
        String trend =
                answer(
                        "trend",
                        "--experiment",
                        "seed-000",
                        "--host-label",
                        "disk=NVMe",
                        "--format",
                        "csv");
        assertThat(trend.lines().skip(1).map(l -> l.split(",")[1])).containsOnly("workstation");
        // and a baseline host that is not there, or a bad label, is refused with exit 2
        CliOutput nope =
                CliOutput.run(
                        "compare",
                        "--data-dir",
                        data.toString(),
                        "--experiment",
                        "seed-000",
                        "--baseline-host",
                        "mainframe");
        assertThat(nope.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(nope.err())
                .contains(
                        "--baseline-host mainframe: no such host among the trials compared; the"
                                + " hosts are: ")
                .contains("laptop")
                .doesNotContain("Exception");
        CliOutput byVariant =
                CliOutput.run(
                        "compare",
                        "--data-dir",
                        data.toString(),
                        "--by",
                        "variant",
                        "--baseline-host",
                        "server");
        assertThat(byVariant.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(byVariant.err()).contains("--baseline-host: compares hosts");
        CliOutput badLabel =
                CliOutput.run(
                        "trend",
                        "--data-dir",
                        data.toString(),
                        "--experiment",
                        "seed-000",
                        "--host-label",
                        "disk");
        assertThat(badLabel.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(badLabel.err()).contains("--host-label disk: not key=value");
    }

    /** What a command over the class's dataset printed, having exited 0. */
    private static String answer(String... args) {
        String[] all = java.util.Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--data-dir";
        all[args.length + 1] = data.toString();
        CliOutput output = CliOutput.run(all);
        assertThat(output.exit()).as(output.err()).isZero();
        return output.out();
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
