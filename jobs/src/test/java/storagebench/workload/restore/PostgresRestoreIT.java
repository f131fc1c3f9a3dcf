package storagebench.workload.restore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.BadInputException;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.PasswordSource;
import storagebench.dbms.PostgresEnv;
import storagebench.dbms.TargetKind;
import storagebench.dbms.postgres.PgConnection;
import storagebench.events.IoSample;
import storagebench.events.Outcome;
import storagebench.events.TrialTimed;
import storagebench.require.Needs;
import storagebench.require.Requirement;
import storagebench.require.SharedServers;
import storagebench.workload.Params;
import storagebench.workload.Phase;
import storagebench.workload.Step;
import storagebench.workload.TestParams;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;
import storagebench.workload.process.CommandFailedException;

@Needs(Requirement.POSTGRES)
@SharedServers
class PostgresRestoreIT {
    @TempDir Path tmp;

    private static TrialTimed measured(String trialId) {
        Instant start = Instant.now();
        return TrialTimed.newBuilder()
                .setEventId(trialId + "/restore")
                .setRunId("run")
                .setExperiment("e")
                .setHost("h")
                .setTrialId(trialId)
                .setTrialIndex(0)
                .setVariant("default")
                .setFactors(Map.of())
                .setRepetition(1)
                .setWarmup(false)
                .setStep("restore")
                .setStartTime(start)
                .setEndTime(start)
                .setDurationNs(1)
                .setOutcome(Outcome.OK)
                .setMetrics(Map.of())
                .build();
    }

    private static boolean exists(DatabaseTarget pg, String database) throws Exception {
        try (Connection c = pg.connect();
                PreparedStatement q =
                        c.prepareStatement("SELECT count(*) FROM pg_database WHERE datname = ?")) {
            q.setString(1, database);
            try (ResultSet rs = q.executeQuery()) {
                rs.next();
                return rs.getInt(1) == 1;
            }
        }
    }

    private static Step step(List<Step> steps, Phase phase) {
        return steps.stream().filter(s -> s.phase() == phase).findFirst().orElseThrow();
    }

    @Test
    void aGeneratedBackupIsRestoredWithEveryIndexAsASubStepAndNothingIsLeftBehind()
            throws Exception {
        DatabaseTarget pg = PostgresEnv.target();
        Workload workload = new RestoreWorkload().on(pg);
        for (int jobs : new int[] {1, 2}) {
            // given: leftovers of an interrupted trial with the same name
            try (Connection c = pg.connect();
                    Statement s = c.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS sb_rit WITH (FORCE)");
                s.execute("CREATE DATABASE sb_rit");
                s.execute("DROP DATABASE IF EXISTS sb_rit_src WITH (FORCE)");
                s.execute("CREATE DATABASE sb_rit_src");
            }
            Params p =
                    TestParams.of(
                            workload,
                            "name",
                            "sb_rit",
                            "rows",
                            "3000",
                            "indexes",
                            "3",
                            "jobs",
                            "" + jobs,
                            "sample-interval",
                            "100ms");
            workload.preflight(pg, List.of(p));
            TrialContext trial =
                    new TrialContext(
                            "run",
                            "e",
                            "h",
                            "t" + jobs,
                            Map.of("jobs", "" + jobs),
                            pg,
                            p,
                            // the second a relative path, as under the default data directory,
                            // ./data (pg_dump works in the trial's folder); in the build's output
                            jobs == 1
                                    ? tmp.resolve("t1")
                                    : Files.createTempDirectory(Path.of("target"), "trial-")
                                            .resolve("t2"));
            List<Step> steps = workload.steps(trial);
            // when
            Map<String, Double> setup = step(steps, Phase.SETUP).action().run();
            Step restore = step(steps, Phase.MEASURED);
            restore.action().run();
            Map<String, Double> after = restore.after().run(measured("t" + jobs));
            step(steps, Phase.CLEANUP).action().run();
            // then
            assertThat(setup.get("backup_bytes")).isPositive();
            assertThat(after).containsEntry("rows_restored", 3000.0);
            assertThat(after.get("database_bytes")).isGreaterThan(3000 * 200.0);
            List<String> subSteps = new ArrayList<>();
            List<String> sampled = new ArrayList<>();
            trial.emitted()
                    .forEach(
                            e -> {
                                if (e instanceof TrialTimed t) {
                                    subSteps.add(t.getStep());
                                } else if (e instanceof IoSample sample) {
                                    sampled.add(sample.getFile());
                                }
                            });
            assertThat(subSteps)
                    .as("jobs=" + jobs)
                    .contains(
                            "restore.table sb_rit",
                            "restore.data sb_rit",
                            "restore.index sb_rit_i1",
                            "restore.index sb_rit_i3",
                            "restore.constraint sb_rit sb_rit_pkey");
            assertThat(after.get("objects")).isEqualTo(subSteps.size());
            assertThat(sampled)
                    .as("IO sampled during the restore")
                    .contains("wal", "db:sb_rit", "sb_rit");
            assertThat(after.get("io_samples")).isEqualTo(sampled.size());
            assertThat(Files.readString(trial.outputDir().resolve("pg_restore.log")))
                    .contains("creating INDEX");
            assertThat(exists(pg, "sb_rit")).isFalse();
            assertThat(exists(pg, "sb_rit_src")).isFalse();
            assertThat(trial.outputDir().resolve("sb_rit.dump")).doesNotExist();
        }
    }

    @Test
    void aBackupPgRestoreCannotReadFailsTheStepWithItsMessageAndCleanUpStillDrops()
            throws Exception {
        DatabaseTarget pg = PostgresEnv.target();
        Workload workload = new RestoreWorkload().on(pg);
        Path garbage = Files.writeString(tmp.resolve("not-a-dump"), "hello\n");
        Params p = TestParams.of(workload, "name", "sb_rit_bad", "backup", garbage.toString());
        workload.preflight(pg, List.of(p));
        List<Step> steps =
                workload.steps(
                        new TrialContext(
                                "run", "e", "h", "bad", Map.of(), pg, p, tmp.resolve("bad")));
        step(steps, Phase.SETUP).action().run();
        assertThat(exists(pg, "sb_rit_bad")).isTrue();
        // when / then
        assertThatThrownBy(() -> step(steps, Phase.MEASURED).action().run())
                .isInstanceOf(CommandFailedException.class)
                .hasMessageContaining("exit code 1")
                .hasMessageContaining("input file does not appear to be a valid " + "archive");
        step(steps, Phase.CLEANUP).action().run();
        assertThat(exists(pg, "sb_rit_bad")).isFalse();
    }

    @Test
    void aRoleThatMayNotCreateDatabasesIsToldSoBeforeAnyTrial() throws Exception {
        DatabaseTarget pg = PostgresEnv.target();
        // given: a role with a password and no CREATEDB
        String password = "pw-" + System.nanoTime();
        try (Connection c = pg.connect();
                Statement s = c.createStatement()) {
            s.execute("DROP ROLE IF EXISTS sb_restore_nocreate");
            s.execute(
                    "CREATE ROLE sb_restore_nocreate LOGIN NOCREATEDB PASSWORD '" + password + "'");
        }
        Path file = Files.writeString(tmp.resolve("password"), password);
        DatabaseTarget weak =
                new DatabaseTarget(
                        TargetKind.POSTGRES,
                        TargetKind.POSTGRES.dialect(),
                        pg.url(),
                        "sb_restore_nocreate",
                        new PasswordSource(null, file),
                        Duration.ofSeconds(10),
                        null,
                        null);
        Workload workload = new RestoreWorkload().on(weak);
        // when / then
        assertThatThrownBy(() -> workload.preflight(weak, List.of(TestParams.of(workload))))
                .isInstanceOf(BadInputException.class)
                .hasMessage(
                        "restore on postgres needs a role that may create databases: user 'sb_restore_nocreate' "
                                + "has neither CREATEDB nor SUPERUSER (ALTER ROLE … CREATEDB)")
                .message()
                .doesNotContain(password);
    }

    @Test
    void theTargetsOwnDatabaseAndAMissingToolAreRefused() {
        DatabaseTarget pg = PostgresEnv.target();
        Workload workload = new RestoreWorkload().on(pg);
        String own = PgConnection.of(pg.url()).database();
        assertThatThrownBy(
                        () -> workload.preflight(pg, List.of(TestParams.of(workload, "name", own))))
                .hasMessageContaining("is the target's own database");
        assertThatThrownBy(
                        () ->
                                workload.preflight(
                                        pg,
                                        List.of(
                                                TestParams.of(
                                                        workload,
                                                        "pg-restore",
                                                        "no_such_pg_restore"))))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining(
                        "restore: pg-restore: 'no_such_pg_restore' is not found on the PATH");
    }
}
