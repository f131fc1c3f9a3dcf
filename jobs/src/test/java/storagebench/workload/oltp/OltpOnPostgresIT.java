package storagebench.workload.oltp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.BadInputException;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.PostgresEnv;
import storagebench.events.IoSample;
import storagebench.require.Needs;
import storagebench.require.Requirement;
import storagebench.require.SharedServers;
import storagebench.workload.Params;
import storagebench.workload.Phase;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;

/**
 * oltp on the PostgreSQL of .ci/db-servers.sh, in databases of the tests' own: tpcc and tpcb, the IO
 * samples under load, the connection limit, and a server that ends the virtual users' sessions.
 */
@Needs(Requirement.POSTGRES)
@SharedServers
class OltpOnPostgresIT {
    @TempDir Path tmp;
    private DatabaseTarget target;
    private final DatabaseOltp workload = new DatabaseOltp(new PostgresOltp(), OltpTrial.SMALL);

    @BeforeEach
    void server() {
        target = PostgresEnv.target();
    }

    private Params params(String... values) {
        return OltpTrial.params(workload, values);
    }

    @Test
    void tpccRunsTheMixSamplesTheServersIoAndLeavesNoDatabase() throws Exception {
        // given
        Params p =
                params(
                        "virtual-users",
                        "2",
                        "rampup",
                        "1s",
                        "duration",
                        "3s",
                        "database",
                        "sb_oltp_it_tpcc");
        // when
        OltpTrial trial = OltpTrial.run(workload, target, p, tmp, 0);
        // then
        Map<String, Double> m = trial.measured();
        assertThat(m.get("nopm")).isPositive();
        assertThat(m.get("tpm")).isGreaterThan(m.get("nopm"));
        for (int c = 1; c <= 4; c++) {
            assertThat(m).containsEntry("consistency_" + c + "_violations", 0.0);
        }
        assertThat(m.get("errors")).isZero();
        assertThat(trial.samples()).hasSize(3);
        assertThat(trial.ioSamples())
                .extracting(IoSample::getFile)
                .contains("db:sb_oltp_it_tpcc", "wal", "order_line", "stock");
        assertThat(exists("sb_oltp_it_tpcc")).isFalse();
    }

    @Test
    void tpcbKeepsTheBalancesConsistent() throws Exception {
        // when
        OltpTrial trial =
                OltpTrial.run(
                        workload,
                        target,
                        params(
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
        assertThat(trial.measured())
                .containsEntry("consistency_balances_violations", 0.0)
                .containsEntry("tpcb-like.percent", 100.0)
                .containsEntry("scale", 1.0)
                .doesNotContainKey("nopm");
        assertThat(trial.setup().get("schema")).containsEntry("rows_loaded", 100_011.0);
    }

    @Test
    void moreVirtualUsersThanTheServerAllowsAreRefusedNamingTheSetting() {
        // when / then: the throwaway server allows 50
        assertThatThrownBy(
                        () -> workload.preflight(target, List.of(params("virtual-users", "500"))))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("virtual-users: 500 virtual users need 502 connections")
                .hasMessageContaining("max_connections");
    }

    @Test
    void aServerThatEndsTheSessionsFailsTheTrialWithItsMessageAndCleanUpStillDrops()
            throws Exception {
        // given: a trial set up, its users running
        Params p =
                params(
                        "virtual-users",
                        "2",
                        "rampup",
                        "0s",
                        "duration",
                        "20s",
                        "database",
                        "sb_oltp_it_lost");
        TrialContext trial =
                new TrialContext(
                        "run",
                        "lost",
                        "host",
                        "trial-lost",
                        Map.of(),
                        target,
                        p,
                        tmp.resolve("out"));
        List<Step> steps = workload.steps(trial);
        Exception failure = null;
        try {
            for (Step step : steps) {
                if (step.phase() == Phase.SETUP) {
                    step.action().run();
                }
            }
            // when: the server ends the users' sessions a second into the measured step
            CompletableFuture<Integer> kill =
                    CompletableFuture.supplyAsync(
                            () -> {
                                try {
                                    Thread.sleep(1_000);
                                    return terminate("sb_oltp_it_lost");
                                } catch (Exception e) {
                                    throw new IllegalStateException(e);
                                }
                            });
            long start = System.nanoTime();
            try {
                steps.stream()
                        .filter(s -> s.phase() == Phase.MEASURED)
                        .findFirst()
                        .orElseThrow()
                        .action()
                        .run();
            } catch (Exception e) {
                failure = e;
            }
            // then: it fails at once, with the server's message
            assertThat(kill.get()).isPositive();
            assertThat(System.nanoTime() - start).isLessThan(15_000_000_000L);
        } finally {
            for (Step step : steps) {
                if (step.phase() == Phase.CLEANUP) {
                    step.action().run();
                }
            }
        }
        assertThat(failure).isNotNull();
        // the server's message, or the driver's where a user was sending when its socket closed
        assertThat(failure.getMessage())
                .contains("a virtual user failed")
                .containsAnyOf(
                        "terminating connection due to administrator command",
                        "An I/O error occurred while sending to the backend");
        // and clean-up dropped the database
        assertThat(exists("sb_oltp_it_lost")).isFalse();
    }

    private int terminate(String database) throws Exception {
        try (Connection c = target.connect();
                PreparedStatement s =
                        c.prepareStatement(
                                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                                        + " WHERE datname = ? AND pid <> pg_backend_pid()")) {
            s.setString(1, database);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    private boolean exists(String database) throws Exception {
        try (Connection c = target.connect();
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery(
                                "SELECT count(*) FROM pg_database WHERE datname = '"
                                        + database
                                        + "'")) {
            rs.next();
            return rs.getInt(1) > 0;
        }
    }
}
