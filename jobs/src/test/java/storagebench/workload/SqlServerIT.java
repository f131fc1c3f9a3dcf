package storagebench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.SqlServerEnv;
import storagebench.events.IoSample;
import storagebench.events.Outcome;
import storagebench.events.TargetSnapshot;
import storagebench.events.TrialTimed;
import storagebench.require.Needs;
import storagebench.require.Requirement;
import storagebench.require.SharedServers;
import storagebench.workload.filegroup.FilegroupInsertWorkload;
import storagebench.workload.fileinit.FileInitWorkload;
import storagebench.workload.restore.RestoreWorkload;

/**
 * The SQL Server suite against a real server, at small scale: the probe, file-init (create and grow),
 * filegroup-insert and restore, each leaving nothing behind. Skipped, saying which variable to set,
 * unless STORAGEBENCH_SQLSERVER_URL and STORAGEBENCH_SQLSERVER_PASSWORD name one (see {@link SqlServerEnv}).
 */
@Needs(Requirement.SQLSERVER)
@SharedServers
class SqlServerIT {
    @TempDir Path tmp;
    private DatabaseTarget target;

    @BeforeEach
    void server() {
        target = SqlServerEnv.target();
    }

    private TrialContext trial(Params params) {
        return new TrialContext(
                "run-it",
                "sqlserver-it",
                "host",
                "trial-it",
                Map.of(),
                target,
                params,
                tmp.resolve("out"));
    }

    /** Runs the steps as the runner does (after-work included); the measured step's metrics. */
    private static Map<String, Double> run(List<Step> steps) throws Exception {
        Map<String, Double> measured = Map.of();
        for (Step step : steps) {
            Instant start = Instant.now();
            Map<String, Double> metrics = new LinkedHashMap<>(step.action().run());
            if (step.after() != null) {
                TrialTimed done =
                        TrialTimed.newBuilder()
                                .setEventId("trial-it")
                                .setRunId("run-it")
                                .setExperiment("sqlserver-it")
                                .setHost("host")
                                .setTrialId("trial-it")
                                .setTrialIndex(0)
                                .setVariant("it")
                                .setFactors(Map.of())
                                .setRepetition(1)
                                .setWarmup(false)
                                .setStep(step.name())
                                .setStartTime(start)
                                .setEndTime(Instant.now())
                                .setDurationNs(1)
                                .setOutcome(Outcome.OK)
                                .setError(null)
                                .setMetrics(metrics)
                                .setHostSettings(Map.of())
                                .setPhase("measured")
                                .build();
                metrics.putAll(step.after().run(done));
            }
            if (step.phase() == Phase.MEASURED) {
                measured = metrics;
            }
        }
        return measured;
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

    private static List<IoSample> samples(TrialContext trial) {
        return trial.emitted().stream()
                .filter(e -> e instanceof IoSample)
                .map(IoSample.class::cast)
                .toList();
    }

    @Test
    void theProbeReadsVersionIfiTempdbAndRecoveryModel() {
        // when
        TargetSnapshot snapshot = target.snapshot();
        // then
        assertThat(snapshot.getProduct()).contains("SQL Server");
        assertThat(snapshot.getProperties())
                .containsKeys(
                        "product_version",
                        "edition",
                        "tempdb_data_files",
                        "recovery_model",
                        "instance_default_data_path");
        assertThat(
                        snapshot.getProperties().containsKey("instant_file_initialization_enabled")
                                || snapshot.getProperties().containsKey("service_error"))
                .isTrue();
        assertThat(snapshot.getLocation())
                .doesNotContain(System.getenv("STORAGEBENCH_SQLSERVER_PASSWORD"));
    }

    @Test
    void fileInitCreatesTheDatabaseMeasuredRecordsIfiAndDropsIt() throws Exception {
        // given
        Workload w = new FileInitWorkload().on(target);
        Params p =
                TestParams.of(
                        w,
                        "files",
                        "2",
                        "file-size",
                        "8MB",
                        "name",
                        "sb_it_file_init",
                        "sample-interval",
                        "100ms");
        w.preflight(target, List.of(p));
        TrialContext trial = trial(p);
        // when
        Map<String, Double> metrics = run(w.steps(trial));
        // then
        assertThat(metrics)
                .containsEntry("files", 2.0)
                .containsEntry("file_bytes", 16.0 * (1 << 20))
                .containsKey("ifi_known")
                .containsKey("throttled");
        assertThat(exists("sb_it_file_init")).isFalse();
    }

    @Test
    void fileInitGrowsEveryDataFileInTheMeasuredStep() throws Exception {
        // given
        Workload w = new FileInitWorkload().on(target);
        Params p =
                TestParams.of(
                        w,
                        "files",
                        "2",
                        "file-size",
                        "8MB",
                        "grow-to",
                        "24MB",
                        "name",
                        "sb_it_file_grow");
        // when
        List<Step> steps = w.steps(trial(p));
        Map<String, Double> metrics = run(steps);
        // then
        assertThat(steps)
                .extracting(Step::name)
                .containsExactly("prepare", "create", "grow", "drop");
        assertThat(metrics).containsEntry("file_bytes", 32.0 * (1 << 20));
        assertThat(exists("sb_it_file_grow")).isFalse();
    }

    @Test
    void filegroupInsertFillsTheFilesProportionallyAndSamplesTheirIo() throws Exception {
        // given
        Workload w = new FilegroupInsertWorkload().on(target);
        Params p =
                TestParams.of(
                        w,
                        "files",
                        "3",
                        "file-size",
                        "8MB",
                        "rows",
                        "300",
                        "name",
                        "sb_it_filegroup",
                        "sample-interval",
                        "100ms");
        w.preflight(target, List.of(p));
        TrialContext trial = trial(p);
        // when
        Map<String, Double> metrics = run(w.steps(trial));
        // then: one page per row spread over the three files
        assertThat(metrics)
                .containsEntry("rows", 300.0)
                .containsEntry("files", 3.0)
                .containsKey("throttled");
        assertThat(metrics.get("pages")).isGreaterThanOrEqualTo(300.0);
        assertThat(metrics.get("file_pages_min")).isGreaterThan(60.0);
        assertThat(samples(trial))
                .isNotEmpty()
                .extracting(s -> s.getFile().toString())
                .contains("sb_it_filegroup_fg001", "sb_it_filegroup_log");
        assertThat(exists("sb_it_filegroup")).isFalse();
    }

    @Test
    void restoreOfAGeneratedBackupReportsItsPercentMessagesAsSubSteps() throws Exception {
        // given
        Workload w = new RestoreWorkload().on(target);
        Params p =
                TestParams.of(
                        w,
                        "rows",
                        "20000",
                        "indexes",
                        "2",
                        "stats",
                        "25",
                        "name",
                        "sb_it_restore",
                        "sample-interval",
                        "100ms");
        w.preflight(target, List.of(p));
        TrialContext trial = trial(p);
        // when
        Map<String, Double> metrics = run(w.steps(trial));
        // then
        assertThat(metrics).containsEntry("files", 2.0).containsKey("server_pages");
        assertThat(metrics.get("percent_messages")).isGreaterThanOrEqualTo(1.0);
        assertThat(trial.emitted())
                .filteredOn(e -> e instanceof TrialTimed)
                .extracting(e -> ((TrialTimed) e).getStep())
                .contains("restore.percent-100");
        assertThat(exists("sb_it_restore")).isFalse();
        assertThat(exists("sb_it_restore_src")).isFalse();
    }
}
