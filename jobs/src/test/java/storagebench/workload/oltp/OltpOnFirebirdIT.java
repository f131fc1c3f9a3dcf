package storagebench.workload.oltp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.FirebirdEnv;
import storagebench.events.IoSample;
import storagebench.require.Needs;
import storagebench.require.Requirement;
import storagebench.require.SharedServers;

/**
 * oltp on the Firebird of .ci/db-servers.sh, in database files of the tests' own under its database-root:
 * tpcc and tpcb, update conflicts retried and counted, the database sampled and dropped.
 */
@Needs(Requirement.FIREBIRD)
@SharedServers
class OltpOnFirebirdIT {
    @TempDir Path tmp;
    private DatabaseTarget target;
    private final DatabaseOltp workload = new DatabaseOltp(new FirebirdOltp(), OltpTrial.SMALL);

    @BeforeEach
    void server() {
        target = FirebirdEnv.target();
    }

    @Test
    void tpccRunsTheMixRetriesConflictsAndLeavesNoDatabase() throws Exception {
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
                                "database",
                                "sb_oltp_it_tpcc"),
                        tmp,
                        0);
        // then
        Map<String, Double> m = trial.measured();
        assertThat(m.get("nopm")).isPositive();
        for (int c = 1; c <= 4; c++) {
            assertThat(m).containsEntry("consistency_" + c + "_violations", 0.0);
        }
        assertThat(m).containsKey("retries");
        assertThat(m.get("errors")).isZero();
        assertThat(trial.ioSamples()).extracting(IoSample::getFile).contains("database");
        assertThat(Files.exists(FirebirdEnv.databaseRoot().resolve("sb_oltp_it_tpcc.fdb")))
                .isFalse();
    }

    @Test
    void tpcbLoadsInBlocksAndKeepsTheBalancesConsistent() throws Exception {
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
                                "sb_oltp_it_tpcb"),
                        tmp,
                        0);
        // then
        assertThat(trial.setup().get("schema")).containsEntry("rows_loaded", 100_011.0);
        assertThat(trial.measured())
                .containsEntry("consistency_balances_violations", 0.0)
                .containsEntry("errors", 0.0);
    }
}
