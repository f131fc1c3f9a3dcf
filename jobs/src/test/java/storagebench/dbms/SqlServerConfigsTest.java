package storagebench.dbms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.BadInputException;
import storagebench.experiment.Experiment;
import storagebench.experiment.ExperimentLoader;
import storagebench.experiment.TrialPlan;
import storagebench.workload.Params;

/**
 * pipeline-config/sqlserver/*.yaml load, plan and pass preflight without a server (so they stay valid;
 * SqlServerIT runs them against one), and bad SQL Server input is refused with the key in the message.
 */
class SqlServerConfigsTest {
    private static final Path DIR = Path.of("../pipeline-config/sqlserver");
    private final ExperimentLoader loader = new ExperimentLoader(Path.of("target/sb-data"));

    private Experiment load(String file) {
        return loader.load(DIR.resolve(file));
    }

    private static List<Params> variants(Experiment e) {
        return TrialPlan.of(e).variants().stream().map(e::params).toList();
    }

    @Test
    void everyShippedConfigLoadsPlansAndPassesPreflight() throws Exception {
        try (var files = Files.list(DIR)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
                    .containsExactly(
                            "file-init.yaml",
                            "filegroup-insert.yaml",
                            "oltp-file-size.yaml",
                            "restore.yaml");
        }
        for (String file :
                List.of(
                        "file-init.yaml",
                        "filegroup-insert.yaml",
                        "oltp-file-size.yaml",
                        "restore.yaml")) {
            // when
            Experiment e = load(file);
            // then: the compose file's server, password from the environment, files on its data
            // volume
            DatabaseTarget t = (DatabaseTarget) e.target();
            assertThat(t.kind()).as(file).isEqualTo(TargetKind.SQLSERVER);
            assertThat(t.url()).startsWith("jdbc:sqlserver://sqlserver:1433;");
            assertThat(t.password())
                    .isEqualTo(new PasswordSource("STORAGEBENCH_DB_PASSWORD", null));
            assertThat(t.fileRoot()).isEqualTo(new ServerPath("/var/opt/mssql/data"));
            e.workload().preflight(t, variants(e));
        }
    }

    @Test
    void thePlansAreTheSeedsMatrices() {
        assertThat(TrialPlan.of(load("file-init.yaml")).variants()).hasSize(4);
        assertThat(TrialPlan.of(load("filegroup-insert.yaml")).variants())
                .containsExactly(
                        Map.of("files", "5", "file-size", "200MB"),
                                Map.of("files", "50", "file-size", "20MB"),
                        Map.of("files", "100", "file-size", "20MB"),
                                Map.of("files", "500", "file-size", "20MB"));
        assertThat(load("restore.yaml").workload().name()).isEqualTo("restore");
        // seed 003: each data file size with the IOPS of the tier it stands for
        assertThat(TrialPlan.of(load("oltp-file-size.yaml")).variants())
                .containsExactly(
                        Map.of("file-size", "1GB", "iops-cap", "500"),
                        Map.of("file-size", "6GB", "iops-cap", "5000"));
        assertThat(load("oltp-file-size.yaml").fixed())
                .containsEntry("mix", "tpcc")
                .containsEntry("virtual-users", 8)
                .containsEntry("schema", "per-trial");
        assertThat(load("restore.yaml").fixed())
                .containsEntry("stats", 10)
                .containsEntry("backup", "");
    }

    private Experiment withTarget(String file, String from, String to) throws Exception {
        String yaml = Files.readString(DIR.resolve(file)).replace(from, to);
        return loader.parse(file, yaml);
    }

    @Test
    void aMissingFileRootIsRefusedNamingTheKey() throws Exception {
        for (String file :
                List.of(
                        "file-init.yaml",
                        "filegroup-insert.yaml",
                        "oltp-file-size.yaml",
                        "restore.yaml")) {
            Experiment e = withTarget(file, "  file-root: /var/opt/mssql/data", "");
            assertThatThrownBy(() -> e.workload().preflight(e.target(), variants(e)))
                    .as(file)
                    .isInstanceOf(BadInputException.class)
                    .hasMessageContaining("needs target.file-root");
        }
    }

    @Test
    void sizesAboveSqlServersLimitsAreRefusedNamingTheKey() throws Exception {
        Experiment big =
                withTarget("file-init.yaml", "file-size: [8MB, 1GB]", "file-size: [8MB, 17TB]");
        assertThatThrownBy(() -> big.workload().preflight(big.target(), variants(big)))
                .hasMessage(
                        "file-init on sqlserver: file-size: 17 TiB is above SQL Server's limit of 16 TiB for a "
                                + "data file");
        Experiment many =
                withTarget(
                        "filegroup-insert.yaml",
                        "files: [5, 50, 100, 500]",
                        "files: [5, 50, 100, 40000]");
        assertThatThrownBy(() -> many.workload().preflight(many.target(), variants(many)))
                .hasMessageStartingWith(
                        "filegroup-insert on sqlserver: files: 40000 files, a primary file and a log "
                                + "are more than SQL Server's 32767 files per database");
    }

    @Test
    void anUnknownKeyOrABadChoiceFailsAtLoad() throws Exception {
        assertThatThrownBy(
                        () ->
                                withTarget(
                                        "file-init.yaml", "expect-ifi: any ", "expect-ifi: maybe "))
                .hasMessageContaining("'workload.expect-ifi'")
                .hasMessageContaining("expected one of any, on, off");
        assertThatThrownBy(
                        () ->
                                withTarget(
                                        "restore.yaml",
                                        "  stats: 10",
                                        "  stats: 10\n  tablespace: x"))
                .hasMessageContaining("tablespace");
    }
}
