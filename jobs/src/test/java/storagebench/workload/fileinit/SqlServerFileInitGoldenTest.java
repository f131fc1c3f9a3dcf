package storagebench.workload.fileinit;

import static org.assertj.core.api.Assertions.assertThat;

import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import storagebench.dbms.HostileNames;
import storagebench.dbms.ServerPath;
import storagebench.workload.Params;
import storagebench.workload.Phase;
import storagebench.workload.TestParams;
import storagebench.workload.dbfiles.Golden;
import storagebench.workload.dbfiles.TsqlPlan;

/** The T-SQL of file-init on SQL Server (seed 000), against golden files; bad parameters refused by key. */
class SqlServerFileInitGoldenTest {
    private static final ServerPath LINUX = ServerPath.parse("/var/opt/mssql/data");
    private static final ServerPath WINDOWS = ServerPath.parse("D:\\SQLData");
    private final SqlServerFileInit workload = new SqlServerFileInit();

    private Params params(String... values) {
        return TestParams.of(workload, values);
    }

    @Test
    void seedsSmallAndLargeFilesCreatedInTheMeasuredStep() throws Exception {
        // when / then: 4 × 8 MB (the seed's baseline) on Linux, 8 × 1,024 MB on Windows
        Golden.assertMatches(
                "file-init-4x8MB", SqlServerFileInit.plan(params("file-size", "8MB"), LINUX));
        Golden.assertMatches(
                "file-init-8x1024MB-windows",
                SqlServerFileInit.plan(
                        params(
                                "files",
                                "8",
                                "file-size",
                                "1024MB",
                                "log-size",
                                "256MB",
                                "name",
                                "ifi_test"),
                        WINDOWS));
    }

    @Test
    void withGrowToCreationIsSetUpAndEveryDataFileGrowsMeasured() throws Exception {
        // when
        TsqlPlan plan =
                SqlServerFileInit.plan(
                        params("files", "4", "file-size", "8MB", "grow-to", "1GB"), LINUX);
        // then
        Golden.assertMatches("file-init-grow-4x8MB-to-1GB", plan);
        assertThat(plan.statements("grow", Phase.MEASURED))
                .hasSize(4)
                .allMatch(sql -> sql.contains("MODIFY FILE") && sql.endsWith("SIZE = 1024MB)"));
    }

    @Test
    void fiveHundredFilesInOneCreateDatabase() throws Exception {
        // when
        TsqlPlan plan = SqlServerFileInit.plan(params("files", "500", "file-size", "20MB"), LINUX);
        // then: one statement naming 500 data files and the log, shortened in the golden file
        String create = plan.statements("create", Phase.MEASURED).get(0);
        assertThat(create.split("FILENAME = ", -1)).hasSize(502);
        assertThat(create)
                .contains("sb_file_init_data001.mdf")
                .contains("sb_file_init_data500.ndf")
                .doesNotContain("sb_file_init_data501");
        Golden.assertMatches("file-init-500x20MB", plan);
    }

    @Test
    void sizesAreWrittenInMbOrKb() {
        String create =
                SqlServerFileInit.plan(params("file-size", "8704KiB", "log-size", "1.5MB"), LINUX)
                        .statements("create", Phase.MEASURED)
                        .get(0);
        assertThat(create)
                .contains("SIZE = 8704KB")
                .contains("SIZE = 1536KB")
                .doesNotContain("SIZE = 8.5");
    }

    @Test
    void sizesAndCountsBeyondSqlServerOrTheWorkloadAreRefusedNamingTheKey() {
        assertThat(SqlServerFileInit.problem(params("file-size", "17TB"), LINUX))
                .isEqualTo(
                        "file-size: 17 TiB is above SQL Server's limit of 16 TiB for a data file");
        assertThat(SqlServerFileInit.problem(params("file-size", "8MB", "log-size", "3TB"), LINUX))
                .startsWith("log-size: ")
                .contains("limit of 2 TiB for a log file");
        assertThat(SqlServerFileInit.problem(params("file-size", "8MB", "files", "32767"), LINUX))
                .startsWith("files: 32767 data files and a log are more than SQL Server's 32767");
        assertThat(SqlServerFileInit.problem(params("file-size", "4MB"), LINUX))
                .startsWith("file-size: 4 MiB is below 8MB");
        assertThat(SqlServerFileInit.problem(params("file-size", "8MB", "grow-to", "8MB"), LINUX))
                .startsWith("grow-to (8 MiB) must be larger than file-size");
        assertThat(SqlServerFileInit.problem(params("file-size", "8MB", "grow-to", "20TB"), LINUX))
                .startsWith("grow-to: ")
                .contains("16 TiB");
        assertThat(
                        SqlServerFileInit.problem(
                                params(
                                        "file-size",
                                        "8MB",
                                        "iops-cap",
                                        "500",
                                        "caps",
                                        "premium-disk"),
                                LINUX))
                .isEqualTo("iops-cap and caps both set: give one of them");
        assertThat(
                        SqlServerFileInit.problem(
                                params("files", "32766", "file-size", "16TB", "log-size", "2TB"),
                                LINUX))
                .isNull();
    }

    @Test
    void hostileDatabaseNamesAreRefusedBeforeAnySql() {
        for (String name : HostileNames.ALL) {
            assertThat(SqlServerFileInit.problem(params("file-size", "8MB", "name", name), LINUX))
                    .as("%s", name)
                    .startsWith("name: ");
        }
    }

    @Test
    void expectIfiFailsOnTheOtherStateAndOnAServerThatDoesNotSay() {
        // then: any records whatever the server says, unknown (before 2016 SP1) included
        SqlServerFileInitTrial.check("any", null);
        SqlServerFileInitTrial.check("on", "Y");
        SqlServerFileInitTrial.check("off", "N");
        Assertions.assertThatThrownBy(() -> SqlServerFileInitTrial.check("on", "N"))
                .hasMessageStartingWith(
                        "expect-ifi: on but Instant File Initialization is off on this server");
        Assertions.assertThatThrownBy(() -> SqlServerFileInitTrial.check("off", null))
                .hasMessageContaining("needs SQL Server 2016 SP1 or later")
                .hasMessageContaining("expect-ifi: any");
    }
}
