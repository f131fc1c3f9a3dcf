package storagebench.workload.filegroup;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import storagebench.dbms.HostileNames;
import storagebench.dbms.ServerPath;
import storagebench.dbms.TargetKind;
import storagebench.workload.Params;
import storagebench.workload.Phase;
import storagebench.workload.TestParams;
import storagebench.workload.dbfiles.Golden;
import storagebench.workload.dbfiles.TsqlPlan;

/** The T-SQL of filegroup-insert on SQL Server (seed 001's script), against golden files. */
class SqlServerFilegroupGoldenTest {
    private static final ServerPath ROOT = ServerPath.parse("/var/opt/mssql/data");
    private final DatabaseFilegroupInsert workload =
            DatabaseFilegroupInsert.on(TargetKind.SQLSERVER);

    private Params params(String... values) {
        return TestParams.of(workload, values);
    }

    @Test
    void theSeedsFiveFilesOf200MbAnd500Of20Mb() throws Exception {
        // when
        TsqlPlan five = SqlServerFilegroup.plan(params("files", "5", "file-size", "200MB"), ROOT);
        TsqlPlan many = SqlServerFilegroup.plan(params("files", "500", "file-size", "20MB"), ROOT);
        // then: one ADD FILE per file, as the seed's loop, then FG01 made the default
        Golden.assertMatches("filegroup-insert-5x200MB", five);
        Golden.assertMatches("filegroup-insert-500x20MB", many);
        assertThat(many.statements("create-storage", Phase.SETUP))
                .filteredOn(s -> s.contains("ADD FILE ("))
                .hasSize(500)
                .last()
                .asString()
                .contains("sb_filegroup_fg500.ndf");
        assertThat(many.statements("insert", Phase.MEASURED))
                .containsExactly("INSERT INTO [sb_filegroup] (text) VALUES (?)");
    }

    @Test
    void theSqlServerParametersComeOnTopOfTheSharedOnes() {
        assertThat(workload.params())
                .extracting(p -> p.name())
                .containsExactly(
                        "files",
                        "rows",
                        "name",
                        "sample-interval",
                        "file-size",
                        "log-size",
                        "iops-cap",
                        "caps",
                        "latency-factor");
        assertThat(DatabaseFilegroupInsert.on(TargetKind.POSTGRES).params())
                .extracting(p -> p.name())
                .containsExactly("files", "rows", "name", "sample-interval");
    }

    @Test
    void rowsThatDoNotFitAndSizesBeyondSqlServerAreRefusedNamingTheKey() {
        assertThat(
                        SqlServerFilegroup.problem(
                                params("files", "5", "file-size", "200MB", "rows", "100000"), ROOT))
                .isNull();
        assertThat(
                        SqlServerFilegroup.problem(
                                params("files", "1", "file-size", "8MB", "rows", "2000"), ROOT))
                .startsWith("rows: 2000 rows (one 8 KB page each) do not fit in 1 files of 8 MiB");
        assertThat(SqlServerFilegroup.problem(params("files", "32766"), ROOT))
                .startsWith(
                        "files: 32766 files, a primary file and a log are more than SQL Server's 32767");
        assertThat(SqlServerFilegroup.problem(params("file-size", "17TB"), ROOT))
                .startsWith("file-size: 17 TiB");
        assertThat(SqlServerFilegroup.problem(params("log-size", "3TB"), ROOT))
                .startsWith("log-size: 3 TiB");
        for (String name : HostileNames.ALL) {
            assertThat(SqlServerFilegroup.problem(params("name", name), ROOT))
                    .as("%s", name)
                    .startsWith("name: ");
        }
    }
}
