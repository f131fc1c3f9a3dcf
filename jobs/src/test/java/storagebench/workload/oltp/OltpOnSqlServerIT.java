package storagebench.workload.oltp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.SqlServerEnv;
import storagebench.events.IoSample;
import storagebench.require.Needs;
import storagebench.require.Requirement;
import storagebench.require.SharedServers;

/**
 * oltp against a real SQL Server, at small scale: tpcc's mix with its consistency, the data file's IO
 * sampled and judged, and tpcb. Skipped, saying which variable to set, unless
 * STORAGEBENCH_SQLSERVER_URL and STORAGEBENCH_SQLSERVER_PASSWORD name one (see {@link SqlServerEnv}).
 */
@Needs(Requirement.SQLSERVER)
@SharedServers
class OltpOnSqlServerIT {
    @TempDir Path tmp;
    private DatabaseTarget target;
    private final DatabaseOltp workload = new DatabaseOltp(new SqlServerOltp(), OltpTrial.SMALL);

    @BeforeEach
    void server() {
        target = SqlServerEnv.target();
    }

    @Test
    void tpccRunsTheMixSamplesTheDataFileAndDropsTheDatabase() throws Exception {
        // when
        OltpTrial trial =
                OltpTrial.run(
                        workload,
                        target,
                        OltpTrial.params(
                                workload,
                                "virtual-users",
                                "2",
                                "rampup",
                                "1s",
                                "duration",
                                "3s",
                                "file-size",
                                "64MB",
                                "log-size",
                                "64MB",
                                "database",
                                "sb_it_oltp"),
                        tmp,
                        0);
        // then
        Map<String, Double> m = trial.measured();
        assertThat(m.get("nopm")).isPositive();
        for (int c = 1; c <= 4; c++) {
            assertThat(m).containsEntry("consistency_" + c + "_violations", 0.0);
        }
        assertThat(m).containsKeys("throttled", "iops_max", "queued_ms", "device_ms");
        assertThat(trial.ioSamples())
                .extracting(IoSample::getFile)
                .contains("sb_it_oltp_data001", "sb_it_oltp_log");
        assertThat(exists("sb_it_oltp")).isFalse();
    }

    @Test
    void tpcbKeepsTheBalancesConsistent() throws Exception {
        // when
        OltpTrial trial =
                OltpTrial.run(
                        workload,
                        target,
                        OltpTrial.params(
                                workload,
                                "mix",
                                "tpcb",
                                "virtual-users",
                                "2",
                                "rampup",
                                "0s",
                                "duration",
                                "2s",
                                "database",
                                "sb_it_oltp_tpcb"),
                        tmp,
                        0);
        // then
        assertThat(trial.measured()).containsEntry("consistency_balances_violations", 0.0);
        assertThat(exists("sb_it_oltp_tpcb")).isFalse();
    }

    private boolean exists(String database) throws Exception {
        try (Connection c = target.connect();
                PreparedStatement s =
                        c.prepareStatement("SELECT COUNT(*) FROM sys.databases WHERE name = ?")) {
            s.setString(1, database);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1) > 0;
            }
        }
    }
}
