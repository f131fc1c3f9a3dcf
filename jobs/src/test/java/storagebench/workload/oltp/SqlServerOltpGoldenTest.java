package storagebench.workload.oltp;

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

/** The T-SQL of oltp on SQL Server (seed 003's load on a data file of file-size), against golden files. */
class SqlServerOltpGoldenTest {
    private static final ServerPath ROOT = ServerPath.parse("/var/opt/mssql/data");
    private final DatabaseOltp workload =
            (DatabaseOltp) new OltpWorkload().on(TargetKind.SQLSERVER);

    private Params params(String... values) {
        return TestParams.of(workload, values);
    }

    private static TsqlPlan plan(Params p) {
        return SqlServerOltp.plan(p, ROOT, Mix.of(OltpSettings.of(p), TpccScale.STANDARD));
    }

    @Test
    void tpccOnADataFileOfTheSeedsSmallTier() throws Exception {
        // when
        TsqlPlan plan = plan(params("file-size", "100GB", "warehouses", "10"));
        // then: the database with one 100 GB data file, the nine tables, the five transactions
        Golden.assertMatches("oltp-tpcc-100GB", plan);
        assertThat(plan.statements("create-database", Phase.SETUP))
                .anySatisfy(s -> assertThat(s).contains("SIZE = 102400MB, FILEGROWTH = 64MB"));
        assertThat(plan.statements("create-tables", Phase.SETUP)).hasSize(9);
        assertThat(plan.statements("create-tables", Phase.SETUP))
                .noneSatisfy(s -> assertThat(s).contains("TIMESTAMP"));
        assertThat(plan.statements("check-consistency", Phase.MEASURED)).hasSize(4);
    }

    @Test
    void tpcbIsPgbenchsTransactionStatementForStatement() throws Exception {
        // when
        TsqlPlan plan = plan(params("mix", "tpcb", "scale", "10", "database", "sb_tpcb"));
        // then
        Golden.assertMatches("oltp-tpcb", plan);
        assertThat(plan.statements("run", Phase.MEASURED))
                .containsExactly(
                        "UPDATE pgbench_accounts SET abalance = abalance + ? WHERE aid = ?",
                        "SELECT abalance FROM pgbench_accounts WHERE aid = ?",
                        "UPDATE pgbench_tellers SET tbalance = tbalance + ? WHERE tid = ?",
                        "UPDATE pgbench_branches SET bbalance = bbalance + ? WHERE bid = ?",
                        "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (?, ?, ?, ?,"
                                + " CURRENT_TIMESTAMP)");
    }

    @Test
    void theSqlServerParametersComeOnTopOfTheSharedOnes() {
        assertThat(workload.params())
                .extracting(p -> p.name())
                .endsWith("file-size", "log-size", "iops-cap", "caps", "latency-factor")
                .contains("mix", "warehouses", "virtual-users", "sample-interval", "schema");
    }

    @Test
    void namesAndSizesBeyondSqlServerAreRefusedNamingTheKey() {
        assertThat(SqlServerOltp.problem(params(), ROOT)).isNull();
        assertThat(SqlServerOltp.problem(params("file-size", "17TB"), ROOT))
                .startsWith("file-size: 17 TiB");
        assertThat(SqlServerOltp.problem(params("log-size", "3TB"), ROOT))
                .startsWith("log-size: 3 TiB");
        assertThat(SqlServerOltp.problem(params("caps", "premium-disk", "iops-cap", "500"), ROOT))
                .contains("iops-cap and caps both set");
        for (String name : HostileNames.ALL) {
            assertThat(SqlServerOltp.problem(params("database", name), ROOT))
                    .as("%s", name)
                    .startsWith("database: ");
        }
    }
}
