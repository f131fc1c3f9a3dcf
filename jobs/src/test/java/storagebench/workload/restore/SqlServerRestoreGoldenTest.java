package storagebench.workload.restore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import storagebench.dbms.HostileNames;
import storagebench.dbms.ServerPath;
import storagebench.events.Outcome;
import storagebench.events.TrialTimed;
import storagebench.workload.Params;
import storagebench.workload.TestParams;
import storagebench.workload.dbfiles.Golden;

/**
 * The T-SQL of restore on SQL Server against golden files, for backups listing recorded files (the
 * LogicalName and Type columns of RESTORE FILELISTONLY, written by hand), and the percent messages as
 * sub-steps.
 */
class SqlServerRestoreGoldenTest {
    private static final ServerPath ROOT = ServerPath.parse("/var/opt/mssql/data");
    private static final List<SqlServerRestore.BackupFile> GENERATED =
            List.of(
                    new SqlServerRestore.BackupFile("sb_restore_src_data001", "D"),
                    new SqlServerRestore.BackupFile("sb_restore_src_log", "L"));
    private final SqlServerRestore workload = new SqlServerRestore();

    private Params params(String... values) {
        return TestParams.of(workload, values);
    }

    @Test
    void aGeneratedBackupIsMadeUntimedAndRestoredWithStats() throws Exception {
        Golden.assertMatches(
                "restore-generated",
                SqlServerRestore.plan(
                        params("rows", "1000", "indexes", "2", "stats", "10"), ROOT, GENERATED));
    }

    @Test
    void aGivenBackupIsRestoredAsIsItsOddLogicalNamesQuoted() throws Exception {
        // given: a backup from elsewhere, three data files, one logical name with a quote, on
        // Windows
        List<SqlServerRestore.BackupFile> files =
                List.of(
                        new SqlServerRestore.BackupFile("tpcc", "D"),
                        new SqlServerRestore.BackupFile("tpcc_2", "D"),
                        new SqlServerRestore.BackupFile("o'brien", "D"),
                        new SqlServerRestore.BackupFile("tpcc_log", "L"));
        // then
        Golden.assertMatches(
                "restore-given-windows",
                SqlServerRestore.plan(
                        params(
                                "backup",
                                "E:\\Backups\\tpcc1000.bak",
                                "name",
                                "tpcc_restored",
                                "stats",
                                "5"),
                        ServerPath.parse("D:\\SQLData"),
                        files));
        assertThat(SqlServerRestore.restore(params("backup", "/b/x.bak"), ROOT, files))
                .contains("MOVE N'o''brien' TO");
    }

    @Test
    void filestreamHostileNamesAndBadBackupPathsAreRefused() {
        assertThatThrownBy(
                        () ->
                                SqlServerRestore.restore(
                                        params(),
                                        ROOT,
                                        List.of(new SqlServerRestore.BackupFile("fs", "S"))))
                .hasMessageContaining("FILESTREAM or full-text");
        assertThat(SqlServerRestore.problem(params("backup", "/b/x.bak'; SHUTDOWN; --"), ROOT))
                .startsWith("backup: ");
        assertThat(SqlServerRestore.problem(params("stats", "101"), ROOT)).startsWith("stats: ");
        assertThat(SqlServerRestore.problem(params("indexes", "101"), ROOT))
                .startsWith("indexes: ");
        for (String name : HostileNames.ALL) {
            assertThat(SqlServerRestore.problem(params("name", name), ROOT))
                    .as("%s", name)
                    .startsWith("name: ");
        }
    }

    @Test
    void percentMessagesBecomeSubStepsTimedFromTheMessageBefore() {
        // given: the messages of a restore with STATS = 25 as they arrived
        Instant start = Instant.parse("2026-01-01T00:00:00Z");
        SqlServerRestoreProgress progress = new SqlServerRestoreProgress();
        progress.accept(start.plusMillis(100), "25 percent processed.");
        progress.accept(start.plusMillis(300), "50 percent processed.");
        progress.accept(start.plusMillis(350), "75 percent processed.");
        progress.accept(start.plusMillis(900), "100 percent processed.");
        progress.accept(
                start.plusMillis(905),
                "Processed 368 pages for database 'sb_restore', file "
                        + "'sb_restore_src_data001' on file 1.");
        progress.accept(
                start.plusMillis(910),
                "RESTORE DATABASE successfully processed 370 pages in 0.035 seconds "
                        + "(82.589 MB/sec).");
        TrialTimed measured =
                TrialTimed.newBuilder()
                        .setEventId("t1")
                        .setRunId("r")
                        .setExperiment("e")
                        .setHost("h")
                        .setTrialId("t1")
                        .setTrialIndex(0)
                        .setVariant("v")
                        .setFactors(Map.of())
                        .setRepetition(1)
                        .setWarmup(false)
                        .setStep("restore")
                        .setStartTime(start)
                        .setEndTime(start.plusMillis(920))
                        .setDurationNs(920_000_000L)
                        .setOutcome(Outcome.OK)
                        .setError(null)
                        .setMetrics(Map.of())
                        .setHostSettings(Map.of())
                        .setPhase("measured")
                        .build();
        List<SpecificRecord> events = new ArrayList<>();
        // when
        progress.emit(measured, events::add);
        // then
        assertThat(events).hasSize(4).allMatch(e -> e instanceof TrialTimed);
        List<TrialTimed> steps = events.stream().map(e -> (TrialTimed) e).toList();
        assertThat(steps)
                .extracting(TrialTimed::getStep)
                .containsExactly(
                        "restore.percent-025",
                        "restore.percent-050",
                        "restore.percent-075",
                        "restore.percent-100");
        assertThat(steps)
                .extracting(TrialTimed::getDurationNs)
                .containsExactly(100_000_000L, 200_000_000L, 50_000_000L, 550_000_000L);
        assertThat(steps.get(1).getStartTime()).isEqualTo(start.plusMillis(100));
        assertThat(steps.get(3).getMetrics())
                .containsEntry("percent", 100.0)
                .containsEntry("elapsed_ms", 900.0);
        assertThat(progress.metrics())
                .containsEntry("percent_messages", 4.0)
                .containsEntry("messages", 6.0)
                .containsEntry("server_pages", 370.0)
                .containsEntry("server_seconds", 0.035)
                .containsEntry("server_mb_per_s", 82.589);
    }
}
