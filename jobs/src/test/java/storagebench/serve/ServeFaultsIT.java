package storagebench.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static storagebench.serve.ServeFixture.await;
import static storagebench.serve.ServeFixture.count;
import static storagebench.serve.ServeFixture.quietly;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.cli.Main;
import storagebench.config.Settings;
import storagebench.report.Report;
import storagebench.report.ReportFilter;
import storagebench.report.SummaryRow;
import storagebench.schedule.QuartzProperties;

/**
 * {@code serve} killed with SIGKILL in the middle of a scheduled run, then started again: the
 * interrupted run is continued (retry: 1) and its every trial is in the dataset exactly once; the
 * firings missed while it was down follow each schedule's misfire (one catch-up run, or none); a
 * schedule whose experiment file is deleted is marked broken while the others keep running.
 */
class ServeFaultsIT {
    @TempDir static Path tmp;
    static Path data;
    static Settings settings;
    static ServeProcess serve;

    private static ServeProcess start(String name) throws Exception {
        return ServeProcess.start(
                ServeProcess.LOGS,
                name,
                "--schedules",
                tmp.resolve("schedules.yaml").toString(),
                "--data-dir",
                data.toString());
    }

    @Test
    void killedInARunTheServiceContinuesItAfterARestartAndMissedFiringsFollowTheirMisfire()
            throws Exception {
        // given: a run of 8 trials of 0.6 s, and two schedules firing every 3 s on targets of their
        // own
        data = tmp.resolve("data");
        settings = ServeFixture.settings(data, Map.of());
        ServeFixture.experiment(tmp, "long", 8, "0.6");
        ServeFixture.experiment(tmp, "catchup", 1, "0.01");
        Path skipper = ServeFixture.experiment(tmp, "skipper", 1, "0.01");
        Files.writeString(
                tmp.resolve("schedules.yaml"),
                """
                defaults:
                  overlap: skip
                schedules:
                  - name: long
                    experiment: long.yaml
                    cron: "0 0 0 1 1 ? 2099"
                    retry: 1
                  - name: catchup
                    experiment: catchup.yaml
                    cron: "*/3 * * * * ?"
                    misfire: run-once
                  - name: skipper
                    experiment: skipper.yaml
                    cron: "*/3 * * * * ?"
                    misfire: skip
                """);
        serve = start("ServeFaultsIT-1");
        cli("schedule", "trigger", "long");
        await(
                "the third trial of the long run",
                Duration.ofSeconds(120),
                () -> serve.output().contains("trial 3/8"),
                serve);
        String runId = runOf("long");

        // when: SIGKILL in the middle of the run, and a start again at least 12 s later
        serve.kill();
        long killed = System.currentTimeMillis();
        // down for longer than a firing may be late before it is a misfire, however fast the start
        Thread.sleep(QuartzProperties.MISFIRE.toMillis() + 2_000);
        serve = start("ServeFaultsIT-2");
        long back = System.currentTimeMillis();

        // then: the run is continued, once, and completes
        await(
                "the long run continued and completed",
                Duration.ofSeconds(180),
                quietly(
                        () ->
                                count(settings, "SCHEDULE_NAME = 'long' AND STATUS = 'COMPLETED'")
                                        == 1),
                serve);
        Map<String, Object> firing =
                ServeFixture.firings(settings, "SCHEDULE_NAME = 'long'").get(0);
        assertThat(firing.get("RUN_ID")).isEqualTo(runId);
        assertThat(((Number) firing.get("ATTEMPTS")).intValue()).isEqualTo(2);
        // every trial in the dataset exactly once
        await(
                "the run in the dataset",
                Duration.ofSeconds(60),
                quietly(
                        () ->
                                !Report.summarize(settings.parquetDir(), ReportFilter.run(runId))
                                                .isEmpty()
                                        && Report.summarize(
                                                                settings.parquetDir(),
                                                                ReportFilter.run(runId))
                                                        .get(0)
                                                        .n()
                                                == 8),
                serve);
        SummaryRow row = Report.summarize(settings.parquetDir(), ReportFilter.run(runId)).get(0);
        assertThat(row.n()).isEqualTo(8);
        assertThat(distinctTrials(runId)).isEqualTo(8);
        // misfires: one catch-up firing (fired once, off the 3 s grid) for run-once, none for skip
        await(
                "firings after the restart",
                Duration.ofSeconds(60),
                quietly(
                        () ->
                                count(settings, "SCHEDULE_NAME = 'skipper' AND FIRED_MS > " + back)
                                        >= 2),
                serve);
        assertThat(offGrid("catchup", killed)).isEqualTo(1);
        assertThat(offGrid("skipper", killed)).isZero();
        assertThat(
                        count(
                                settings,
                                "SCHEDULE_NAME = 'skipper' AND SCHEDULED_MS > "
                                        + (killed + 1_000)
                                        + " AND SCHEDULED_MS < "
                                        + (back - 1_000)))
                .isZero();

        // and when the skipper's experiment file is deleted, it is broken; catchup keeps running
        Files.delete(skipper);
        long deleted = System.currentTimeMillis();
        await(
                "a broken firing of skipper",
                Duration.ofSeconds(60),
                quietly(
                        () ->
                                count(settings, "SCHEDULE_NAME = 'skipper' AND STATUS = 'BROKEN'")
                                        >= 1),
                serve);
        await(
                "catchup running after skipper broke",
                Duration.ofSeconds(60),
                quietly(
                        () ->
                                count(
                                                settings,
                                                "SCHEDULE_NAME = 'catchup' AND STATUS = 'COMPLETED' AND FIRED_MS > "
                                                        + deleted)
                                        >= 1),
                serve);
        assertThat(
                        ServeFixture.firings(
                                        settings, "SCHEDULE_NAME = 'skipper' AND STATUS = 'BROKEN'")
                                .get(0)
                                .get("MESSAGE")
                                .toString())
                .contains("no such file");
    }

    /** Firings of a schedule since {@code since} whose due time is off its 3 s grid: catch-ups. */
    private static long offGrid(String schedule, long since) throws Exception {
        List<Map<String, Object>> rows =
                ServeFixture.firings(
                        settings, "SCHEDULE_NAME = '" + schedule + "' AND FIRED_MS > " + since);
        return rows.stream()
                .filter(r -> ((Number) r.get("SCHEDULED_MS")).longValue() % 3_000 != 0)
                .count();
    }

    private static String runOf(String schedule) throws Exception {
        Object run =
                ServeFixture.firings(settings, "SCHEDULE_NAME = '" + schedule + "'")
                        .get(0)
                        .get("RUN_ID");
        assertThat(run).isNotNull();
        return run.toString();
    }

    /** Measured trials of the run in the dataset, counted by distinct trial id and by row. */
    private static long distinctTrials(String runId) throws Exception {
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = duckdb.createStatement();
                ResultSet rs =
                        s.executeQuery(
                                "SELECT count(DISTINCT trial_id) AS d, count(*) AS n FROM read_parquet('"
                                        + settings.parquetDir().resolve("trials")
                                        + "/**/*.parquet', hive_partitioning = true, union_by_name = true)"
                                        + " WHERE run_id = '"
                                        + runId
                                        + "' AND coalesce(phase, 'measured') = 'measured'")) {
            rs.next();
            assertThat(rs.getLong("n")).as("rows").isEqualTo(rs.getLong("d"));
            return rs.getLong("d");
        }
    }

    private static void cli(String... args) {
        String[] all = new String[args.length + 4];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "--data-dir";
        all[args.length + 1] = data.toString();
        all[args.length + 2] = "--schedules";
        all[args.length + 3] = tmp.resolve("schedules.yaml").toString();
        assertThat(Main.execute(all)).isZero();
    }

    @AfterAll
    static void stop() throws Exception {
        if (serve != null) {
            serve.terminate(120);
        }
        Main.execute("broker", "stop", "--data-dir", data.toString());
    }
}
