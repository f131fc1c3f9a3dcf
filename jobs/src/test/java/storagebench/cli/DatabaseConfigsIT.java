package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;
import storagebench.dbms.FirebirdEnv;
import storagebench.dbms.PostgresEnv;
import storagebench.dbms.SqlServerEnv;
import storagebench.dbms.firebird.FirebirdServer;
import storagebench.require.Needs;
import storagebench.require.Requirement;
import storagebench.require.SharedServers;
import storagebench.sink.Dataset;

/**
 * The experiments in pipeline-config/h2 and pipeline-config/postgres run at small scale through the
 * real broker, runner and sink, and the dataset holds what they measured; H2 always, PostgreSQL when
 * the STORAGEBENCH_PG_* variables name a server. A target that cannot be used stops the run, exit 1,
 * before any trial.
 */
@SharedServers
class DatabaseConfigsIT extends BrokerOnDataDir {
    private static int run(Path config, String... overrides) {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "run",
                                config.toString(),
                                "--data-dir",
                                data.toString(),
                                "--override",
                                "repetitions=1",
                                "--override",
                                "warmups=1"));
        for (String o : overrides) {
            args.add("--override");
            args.add(o);
        }
        return Main.execute(args.toArray(String[]::new));
    }

    private static Path shipped(String dbms) {
        return Path.of("..", "pipeline-config", dbms, "filegroup-insert.yaml");
    }

    private static String query(String table, String select, String experiment) throws Exception {
        List<String> values =
                new Dataset(data.resolve("parquet"))
                        .column(
                                table,
                                select
                                        + " FROM (SELECT * FROM "
                                        + "read_parquet('"
                                        + data.resolve("parquet").resolve(table)
                                        + "/**/*.parquet', hive_partitioning = "
                                        + "true)) WHERE experiment = '"
                                        + experiment
                                        + "'"
                                        + (table.equals("trials") ? " AND phase = 'measured'" : "")
                                        + " --");
        // the trailing -- drops Dataset's ORDER BY, so the values are sorted here
        return String.join(",", values.stream().sorted().toList());
    }

    @Test
    void everyShippedDatabaseConfigHasATest() throws Exception {
        Map<String, List<String>> tested =
                Map.of(
                        "h2",
                        List.of("filegroup-insert.yaml"),
                        "postgres",
                        List.of(
                                "file-init.yaml",
                                "filegroup-insert.yaml",
                                "oltp-power-plan.yaml",
                                "pgbench.yaml",
                                "restore.yaml"),
                        "firebird",
                        List.of("filegroup-insert.yaml", "oltp.yaml", "restore.yaml"),
                        "sqlserver",
                        List.of(
                                "file-init.yaml",
                                "filegroup-insert.yaml",
                                "oltp-file-size.yaml",
                                "restore.yaml"));
        for (String dbms : tested.keySet()) {
            try (var files = Files.list(Path.of("..", "pipeline-config", dbms))) {
                assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
                        .as(dbms)
                        .isEqualTo(tested.get(dbms));
            }
        }
    }

    @Test
    void h2FilegroupInsert() throws Exception {
        // when
        int exit = run(shipped("h2"), "factors.rows=[50, 100]");
        // then: 2 variants × (1 warm-up + 1 measured), the target probed into RunStarted
        assertThat(exit).isZero();
        assertThat(query("trials", "count(*)", "h2-filegroup-insert")).isEqualTo("4");
        assertThat(
                        query(
                                "trials",
                                "count(*) FILTER (WHERE step = 'insert' AND outcome = 'OK' AND metrics['rows'] "
                                        + "IN (50, 100) AND metrics['file_bytes'] > 0)",
                                "h2-filegroup-insert"))
                .isEqualTo("4");
        assertThat(
                        query(
                                "runs",
                                "DISTINCT target.product || ' ' || target.properties['storage_engine']",
                                "h2-filegroup-insert"))
                .isEqualTo("H2 MVStore");
        assertThat(query("io_samples", "DISTINCT file", "h2-filegroup-insert"))
                .isEqualTo("database");
    }

    @Needs(Requirement.POSTGRES)
    @Test
    void postgresFilegroupInsert() throws Exception {
        // when: the shipped config, its target read from the server's STORAGEBENCH_PG_* variables
        int exit = run(shipped("postgres"), "factors.files=[1, 5]", "workload.rows=40");
        // then: one row per page, whatever the number of tablespaces
        assertThat(exit).isZero();
        assertThat(
                        query(
                                "trials",
                                "count(*) FILTER (WHERE step = 'insert' AND outcome = 'OK' AND metrics['pages'] "
                                        + "= 40 AND metrics['wal_bytes'] > 40 * 8000)",
                                "postgres-filegroup-insert"))
                .isEqualTo("4");
        assertThat(query("trials", "DISTINCT variant", "postgres-filegroup-insert"))
                .isEqualTo("files=1,files=5");
        String target =
                query(
                        "runs",
                        "DISTINCT target.properties['wal_init_zero'] || ' ' || target.properties["
                                + "'fsync'] || ' ' || target.location",
                        "postgres-filegroup-insert");
        // the server the config's reference named, not the reference
        assertThat(target).startsWith("on on jdbc:postgresql://").doesNotContain("${");
        assertThat(
                        query(
                                "io_samples",
                                "count(DISTINCT file) FILTER (WHERE file IN ('wal', 'sb_filegroup_p005'))",
                                "postgres-filegroup-insert"))
                .isEqualTo("2");
        // WAL was sampled while the rows went in, at least once per trial; not all of it: a backend
        // publishes its counters about once a second, so the last part of a short insert can come
        // after the last sample (1.79 and 1.87 MB of 4 trials' WAL here; 1.28 MB or less once in CI
        // under load; the trials' exact wal_bytes, from the WAL position, are checked above)
        assertThat(
                        query(
                                "io_samples",
                                "count(*) FILTER (WHERE file = 'wal') >= 4"
                                        + " AND sum(bytes_written) FILTER (WHERE file = 'wal') > 0",
                                "postgres-filegroup-insert"))
                .isEqualTo("true");
        assertThat(query("runs", "DISTINCT config_text", "postgres-filegroup-insert"))
                .doesNotContain(System.getenv("STORAGEBENCH_PG_PASSWORD"));
    }

    @Needs(Requirement.POSTGRES)
    @Test
    void postgresFileInit() throws Exception {
        // when
        int exit =
                run(
                        Path.of("..", "pipeline-config", "postgres", "file-init.yaml"),
                        "workload.segments=2");
        // then: both variants ran, wrote two segments of WAL each and created segment files
        assertThat(exit).isZero();
        assertThat(
                        query(
                                "trials",
                                "count(*) FILTER (WHERE step = 'write-wal' AND outcome = 'OK' AND "
                                        + "metrics['wal_bytes'] >= 2 * metrics['segment_bytes'])",
                                "postgres-file-init"))
                .isEqualTo("4");
        assertThat(
                        query(
                                "trials",
                                "DISTINCT variant || ':' || metrics['wal_init_zero']",
                                "postgres-file-init"))
                .isEqualTo("init=instant:0.0,init=zero:1.0");
        assertThat(
                        query(
                                "trials",
                                "count(*) FILTER (WHERE NOT warmup AND metrics['segments_created'] >= 1)",
                                "postgres-file-init"))
                .isEqualTo("2");
        assertThat(
                        query(
                                "io_samples",
                                "sum(bytes_written) FILTER (WHERE file = 'wal' AND step = 'write-wal') >= 4 * "
                                        + "16 * 1024 * 1024",
                                "postgres-file-init"))
                .isEqualTo("true");
    }

    @Needs(Requirement.FIREBIRD)
    @Test
    void firebirdFilegroupInsert() throws Exception {
        // when: the shipped config (its target from the STORAGEBENCH_FB_* variables), 300 rows over
        // files of 256 pages
        int exit = run(shipped("firebird"), "factors.files=[1, 3]", "workload.rows=300");
        // then: about one page per row; with 3 files the first two are full (files fill in
        // sequence)
        assertThat(exit).isZero();
        assertThat(
                        query(
                                "trials",
                                "count(*) FILTER (WHERE step = 'insert' AND outcome = 'OK' AND metrics['rows'] "
                                        + "= 300 AND metrics['pages'] > 300)",
                                "firebird-filegroup-insert"))
                .isEqualTo("4");
        assertThat(
                        query(
                                "trials",
                                "DISTINCT variant || ':' || metrics['files'] || ':' || coalesce(metrics["
                                        + "'file_002_pages'], -1)",
                                "firebird-filegroup-insert"))
                .isEqualTo("files=1:1.0:-1.0,files=3:3.0:256.0");
        assertThat(
                        query(
                                "runs",
                                "DISTINCT target.product || ' ' || target.properties['server_mode'] || ' ' || "
                                        + "target.properties['forced_writes']",
                                "firebird-filegroup-insert"))
                .startsWith("Firebird")
                .endsWith(" Super on");
        assertThat(
                        query(
                                "io_samples",
                                "count(*) FILTER (WHERE file = 'database' AND bytes_written > 0) > 0",
                                "firebird-filegroup-insert"))
                .isEqualTo("true");
        assertThat(query("runs", "DISTINCT config_text", "firebird-filegroup-insert"))
                .doesNotContain(FirebirdEnv.password());
        try (var left = Files.list(FirebirdEnv.databaseRoot())) {
            assertThat(left.map(p -> p.getFileName().toString()))
                    .noneMatch(f -> f.startsWith("sb_filegroup."));
        }
    }

    @Needs(Requirement.FIREBIRD)
    @Test
    void firebirdRestore() throws Exception {
        // when: the shipped config, scaled down
        int exit =
                run(
                        Path.of("..", "pipeline-config", "firebird", "restore.yaml"),
                        "workload.rows=5000",
                        "factors.page-size=[8KiB]");
        // then: each restore timed, with a sub-step per index built
        assertThat(exit).isZero();
        assertThat(
                        query(
                                "trials",
                                "count(*) FILTER (WHERE step = 'restore' AND outcome = 'OK' AND "
                                        + "metrics['total.index_count'] = 5)",
                                "firebird-restore"))
                .isEqualTo("2");
        assertThat(
                        query(
                                "trials",
                                "count(*) FILTER (WHERE step LIKE 'restore.index %')",
                                "firebird-restore"))
                .isEqualTo("10");
        assertThat(
                        query(
                                "trials",
                                "string_agg(DISTINCT step, ',' ORDER BY step) FILTER (WHERE step LIKE "
                                        + "'restore.index %')",
                                "firebird-restore"))
                .isEqualTo(
                        String.join(
                                ",",
                                List.of(
                                        "restore.index sb_restore_k1",
                                        "restore.index sb_restore_k2",
                                        "restore.index sb_restore_k3",
                                        "restore.index sb_restore_k4",
                                        "restore.index sb_restore_k5")));
        try (var left = Files.list(FirebirdEnv.databaseRoot())) {
            assertThat(left.map(p -> p.getFileName().toString()))
                    .noneMatch(f -> f.startsWith("sb_restore"));
        }
    }

    @Needs(Requirement.POSTGRES)
    @Test
    void postgresPgbenchAsACommandWithTheServersIoSampled() throws Exception {
        // when
        int exit =
                run(
                        Path.of("..", "pipeline-config", "postgres", "pgbench.yaml"),
                        "factors.seconds=[1]",
                        "factors.scale=[1]");
        // then: pgbench logged in through libpq's variables, its summary was parsed, the WAL
        // sampled
        assertThat(exit).isZero();
        assertThat(
                        query(
                                "trials",
                                "count(*) FILTER (WHERE step = 'run' AND outcome = 'OK' AND metrics['run.tps'] > 0 "
                                        + "AND metrics['io_samples'] > 0)",
                                "postgres-pgbench"))
                .isEqualTo("4");
        assertThat(
                        query(
                                "io_samples",
                                "sum(bytes_written) FILTER (WHERE file = 'wal') > 0",
                                "postgres-pgbench"))
                .isEqualTo("true");
    }

    /** The run's arguments: the shipped config scaled down as the other tests do, and more overrides. */
    private static String[] runArgs(Path config, String... overrides) {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "run",
                                config.toString(),
                                "--data-dir",
                                data.toString(),
                                "--override",
                                "repetitions=1",
                                "--override",
                                "warmups=1"));
        for (String o : overrides) {
            args.add("--override");
            args.add(o);
        }
        return args.toArray(String[]::new);
    }

    /** This host's CPU governor as the power-plan config reads it ("none" where there is none). */
    private static String governor() throws Exception {
        Process read =
                new ProcessBuilder(
                                "/bin/sh",
                                "-c",
                                "g=$(cat /sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor"
                                        + " 2>/dev/null | sort -u | paste -sd, -); if [ -n \"$g\" ];"
                                        + " then echo \"$g\"; else echo none; fi")
                        .start();
        String value = new String(read.getInputStream().readAllBytes()).strip();
        read.waitFor();
        return value;
    }

    @Needs(Requirement.POSTGRES)
    @Test
    void postgresOltpPowerPlan() throws Exception {
        Path html = data.resolve("oltp-power-plan.html");
        String governor = governor();
        // when: the seed-004 config with the host's own governor, 2 s measured per trial
        CliOutput output =
                CliOutput.withHtml(
                        html,
                        runArgs(
                                Path.of(
                                        "..",
                                        "pipeline-config",
                                        "postgres",
                                        "oltp-power-plan.yaml"),
                                "factors.cpu-governor=['" + governor + "']",
                                "factors.virtual-users=[1, 2]",
                                "workload.rampup=0s",
                                "workload.duration=2s",
                                "workload.database=sb_oltp_configs_it"));
        try {
            // then: NOPM and TPM per variant printed, each trial consistent
            assertThat(output.exit()).as(output.err()).isZero();
            assertThat(output.out())
                    .contains("nopm (higher is better)", "tpm (higher is better)")
                    .contains("virtual-users=1", "virtual-users=2");
            assertThat(
                            query(
                                    "trials",
                                    "count(*) FILTER (WHERE step = 'run' AND outcome = 'OK' AND metrics['nopm'] > 0"
                                            + " AND metrics['consistency_4_violations'] = 0 AND host_settings['cpu-governor'] = '"
                                            + governor
                                            + "')",
                                    "postgres-oltp-power-plan"))
                    .isEqualTo("4");
            assertThat(
                            query(
                                    "trials",
                                    "count(*) FILTER (WHERE step = 'run.new-order')",
                                    "postgres-oltp-power-plan"))
                    .isEqualTo("4");
            // the throughput curve and the IO samples in the dataset and the page
            assertThat(query("throughput_samples", "count(*) >= 8", "postgres-oltp-power-plan"))
                    .isEqualTo("true");
            assertThat(
                            query(
                                    "io_samples",
                                    "count(*) FILTER (WHERE file = 'wal') > 0",
                                    "postgres-oltp-power-plan"))
                    .isEqualTo("true");
            assertThat(Files.readString(html))
                    .contains(
                            "Throughput over time",
                            "transactions per minute over the measured step");
            // and their comparison, on the headline metrics
            assertThat(output.out())
                    .contains("comparisons (the other factors held fixed;")
                    .contains("postgres-oltp-power-plan · ")
                    .contains(" · run · nopm\n");

            // and a HammerDB log imported into the same experiment shows in its report
            CliOutput imported =
                    CliOutput.run(
                            "import",
                            "--data-dir",
                            data.toString(),
                            "--format",
                            "hammerdb",
                            "--experiment",
                            "postgres-oltp-power-plan",
                            ImportIT.fixture("hammerdb/cli-pg-10vu.log").toString());
            assertThat(imported.exit()).as(imported.err()).isZero();
            CliOutput report =
                    CliOutput.run(
                            "report",
                            "--data-dir",
                            data.toString(),
                            "--experiment",
                            "postgres-oltp-power-plan");
            assertThat(report.exit()).as(report.err()).isZero();
            assertThat(report.out())
                    .contains("nopm (higher is better)")
                    .contains("virtual-users=1")
                    .contains("virtual-users=10, database=PostgreSQL");
            Path both = data.resolve("oltp-power-plan-and-hammerdb.html");
            CliOutput page =
                    CliOutput.run(
                            "report",
                            "--data-dir",
                            data.toString(),
                            "--experiment",
                            "postgres-oltp-power-plan",
                            "--html",
                            both.toString());
            assertThat(page.exit()).as(page.err()).isZero();
            assertThat(Files.readString(both))
                    .contains("Throughput over time")
                    .contains("virtual-users=10, database=PostgreSQL");
        } finally {
            try (Connection c =
                            java.sql.DriverManager.getConnection(
                                    PostgresEnv.url(),
                                    PostgresEnv.user(),
                                    System.getenv("STORAGEBENCH_PG_PASSWORD"));
                    Statement s = c.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS sb_oltp_configs_it WITH (FORCE)");
            }
        }
    }

    @Needs(Requirement.FIREBIRD)
    @Test
    void firebirdOltp() throws Exception {
        try {
            // when: scaled down to tpcb's 100,000 accounts (tpcc's warehouse of 100 MB is
            // OltpOnFirebirdIT's, at a small scale); the schema built by the run's first trial,
            // reused by the others
            int exit =
                    run(
                            Path.of("..", "pipeline-config", "firebird", "oltp.yaml"),
                            "workload.mix=tpcb",
                            "factors.virtual-users=[1, 2]",
                            "workload.rampup=0s",
                            "workload.duration=2s",
                            "workload.database=sb_oltp_configs_it");
            // then
            assertThat(exit).isZero();
            assertThat(
                            query(
                                    "trials",
                                    "count(*) FILTER (WHERE step = 'run' AND outcome = 'OK' AND metrics['tpm'] > 0"
                                            + " AND metrics['consistency_balances_violations'] = 0)",
                                    "firebird-oltp"))
                    .isEqualTo("4");
            assertThat(
                            query(
                                    "trials",
                                    "sum(metrics['schema_built']) FILTER (WHERE step = 'run')",
                                    "firebird-oltp"))
                    .isEqualTo("1.0");
            assertThat(
                            query(
                                    "io_samples",
                                    "count(*) FILTER (WHERE file = 'database') > 0",
                                    "firebird-oltp"))
                    .isEqualTo("true");
        } finally {
            Path database = FirebirdEnv.databaseRoot().resolve("sb_oltp_configs_it.fdb");
            FirebirdServer.parse(FirebirdEnv.url()).dropIfExists(FirebirdEnv.target(), database);
        }
    }

    /** A shipped SQL Server config pointed at the server the STORAGEBENCH_SQLSERVER_* variables name. */
    private static int runOnSqlServer(String config, String... overrides) {
        List<String> all =
                new ArrayList<>(
                        List.of(
                                "target.url=" + System.getenv("STORAGEBENCH_SQLSERVER_URL"),
                                "target.user=" + SqlServerEnv.user(),
                                "target.password-env=STORAGEBENCH_SQLSERVER_PASSWORD",
                                "target.file-root=" + SqlServerEnv.fileRoot().path()));
        all.addAll(List.of(overrides));
        return run(
                Path.of("..", "pipeline-config", "sqlserver", config), all.toArray(String[]::new));
    }

    @Needs(Requirement.SQLSERVER)
    @Test
    void sqlserverFileInit() throws Exception {
        int exit = runOnSqlServer("file-init.yaml", "factors.files=[2]", "factors.file-size=[8MB]");
        assertThat(exit).isZero();
        assertThat(
                        query(
                                "trials",
                                "count(*) FILTER (WHERE step = 'create' AND outcome = 'OK')",
                                "sqlserver-file-init"))
                .isEqualTo("2");
    }

    @Needs(Requirement.SQLSERVER)
    @Test
    void sqlserverFilegroupInsert() throws Exception {
        int exit =
                runOnSqlServer(
                        "filegroup-insert.yaml",
                        "factors.files=[2, 3]",
                        "factors.file-size=[8MB, 8MB]",
                        "workload.rows=50");
        assertThat(exit).isZero();
        assertThat(
                        query(
                                "trials",
                                "count(*) FILTER (WHERE step = 'insert' AND outcome = 'OK')",
                                "sqlserver-filegroup-insert"))
                .isEqualTo("4");
        assertThat(query("io_samples", "count(*) > 0", "sqlserver-filegroup-insert"))
                .isEqualTo("true");
    }

    @Needs(Requirement.SQLSERVER)
    @Test
    void sqlserverOltpFileSize() throws Exception {
        int exit =
                runOnSqlServer(
                        "oltp-file-size.yaml",
                        "factors.file-size=[64MB, 128MB]",
                        "workload.log-size=64MB",
                        "workload.virtual-users=2",
                        "workload.rampup=0s",
                        "workload.duration=2s");
        assertThat(exit).isZero();
        assertThat(
                        query(
                                "trials",
                                "count(*) FILTER (WHERE step = 'run' AND outcome = 'OK' AND metrics['throttled'] >= 0)",
                                "sqlserver-oltp-file-size"))
                .isEqualTo("4");
    }

    @Needs(Requirement.SQLSERVER)
    @Test
    void sqlserverRestore() throws Exception {
        int exit = runOnSqlServer("restore.yaml", "factors.rows=[1000]");
        assertThat(exit).isZero();
        assertThat(
                        query(
                                "trials",
                                "count(*) FILTER (WHERE step = 'restore' AND outcome = 'OK')",
                                "sqlserver-restore"))
                .isEqualTo("2");
    }

    @Needs(Requirement.POSTGRES)
    @Test
    void postgresRestore() throws Exception {
        // when
        int exit =
                run(
                        Path.of("..", "pipeline-config", "postgres", "restore.yaml"),
                        "workload.rows=2000");
        // then: both variants restored every row, and each index build is a sub-step of its trial
        assertThat(exit).isZero();
        assertThat(
                        query(
                                "trials",
                                "count(*) FILTER (WHERE step = 'restore' AND outcome = 'OK' AND "
                                        + "metrics['rows_restored'] = 2000 AND metrics['objects'] >= 7)",
                                "postgres-restore"))
                .isEqualTo("4");
        assertThat(query("trials", "DISTINCT step", "postgres-restore"))
                .contains(
                        "restore.index sb_restore_i4",
                        "restore.data sb_restore",
                        "restore.constraint sb_restore sb_restore_pkey");
        assertThat(
                        query(
                                "trials",
                                "count(DISTINCT trial_id) FILTER (WHERE step LIKE 'restore.index %' AND "
                                        + "duration_ns > 0)",
                                "postgres-restore"))
                .isEqualTo("4");
        assertThat(query("io_samples", "DISTINCT file", "postgres-restore"))
                .contains("db:sb_restore", "wal");
    }

    /**
     * Runs a filegroup-insert of two variants, 20000 rows then 50, and ends the server's sessions of the
     * run (pg_terminate_backend: the server's side of a connection lost) while the first trial inserts.
     */
    private static int loseTheServerDuringTheFirstTrial(String experiment, String onFailure)
            throws Exception {
        Path config =
                Files.writeString(
                        tmp.resolve(experiment + ".yaml"),
                        """
                experiment: %s
                target:
                %s
                workload: {type: filegroup-insert, name: sb_lost, files: 2}
                factors:
                  rows: [20000, 50]
                order: sequential
                on-failure: %s
                """
                                .formatted(
                                        experiment,
                                        PostgresEnv.yaml().indent(2).stripTrailing(),
                                        onFailure));
        FutureTask<Integer> run = new FutureTask<>(() -> run(config, "warmups=0"));
        new Thread(run, "run-" + experiment).start();
        boolean killed = false;
        try (Connection c = PostgresEnv.target().connect();
                Statement s = c.createStatement()) {
            for (int i = 0; i < 6000 && !killed && !run.isDone(); i++) {
                try (ResultSet rs =
                        s.executeQuery(
                                "SELECT count(*) FROM pg_stat_activity WHERE query LIKE "
                                        + "'INSERT INTO \"sb_lost\"%' AND pid <> pg_backend_pid()")) {
                    rs.next();
                    if (rs.getInt(1) > 0) {
                        Thread.sleep(200);
                        s.execute(
                                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = "
                                        + "'storagebench' AND pid <> pg_backend_pid() AND datname = current_database()");
                        killed = true;
                    }
                }
                Thread.sleep(10);
            }
        }
        assertThat(killed)
                .as("the first trial's inserts were seen and their session ended")
                .isTrue();
        return run.get(5, TimeUnit.MINUTES);
    }

    private static String leftoverTablespaces() throws Exception {
        try (Connection c = PostgresEnv.target().connect();
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery(
                                "SELECT count(*) FROM pg_tablespace WHERE spcname LIKE "
                                        + "'sb_lost%'")) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Needs(Requirement.POSTGRES)
    @Test
    void aServerLostMidTrialFailsThatTrialAndTheRunContinuesByItsPolicy() throws Exception {
        // when
        int exit = loseTheServerDuringTheFirstTrial("db-lost-continue", "continue");
        // then: the interrupted trial FAILED with the server's reason, the next one ran, and
        // clean-up
        // dropped what the failed trial had made
        assertThat(exit).isEqualTo(Main.FAILED);
        assertThat(query("trials", "outcome || ' ' || variant", "db-lost-continue"))
                .isEqualTo("FAILED rows=20000,OK rows=50");
        assertThat(query("trials", "coalesce(error, '')", "db-lost-continue"))
                .contains("terminating connection");
        assertThat(query("run_finished", "status || ' ' || failures", "db-lost-continue"))
                .isEqualTo("COMPLETED 1");
        assertThat(leftoverTablespaces()).isEqualTo("0");
    }

    @Needs(Requirement.POSTGRES)
    @Test
    void aServerLostMidTrialStopsTheRunWhenItsPolicySaysSoAndKeepsWhatWasRecorded()
            throws Exception {
        // when
        int exit = loseTheServerDuringTheFirstTrial("db-lost-stop", "stop");
        // then: the failed trial is recorded with its clean-up, the second never ran
        assertThat(exit).isEqualTo(Main.FAILED);
        assertThat(query("trials", "outcome || ' ' || variant", "db-lost-stop"))
                .isEqualTo("FAILED rows=20000");
        assertThat(query("trials", "count(*) FILTER (WHERE phase = 'cleanup')", "db-lost-stop"))
                .isEqualTo("0");
        assertThat(leftoverTablespaces()).isEqualTo("0");
    }

    @Test
    void anUnreachableServerExits1BeforeAnyTrial() throws Exception {
        // given: nothing listens on port 1
        Path config =
                Files.writeString(
                        tmp.resolve("unreachable.yaml"),
                        """
                experiment: db-unreachable
                target:
                  kind: postgres
                  url: jdbc:postgresql://127.0.0.1:1/storagebench
                  user: storagebench
                  tablespace-root: /tmp
                  connect-timeout: 3s
                workload: {type: filegroup-insert, rows: 5}
                """);
        // when
        Captured err = Captured.stderr(() -> run(config));
        // then
        assertThat(err.exit()).isEqualTo(Main.FAILED);
        assertThat(err.text())
                .contains(
                        "cannot connect to postgres target jdbc:postgresql://127.0.0.1:1/storagebench");
        assertThat(query("trials", "count(*)", "db-unreachable")).isIn("", "0");
        assertThat(
                        Files.exists(data.resolve("runs"))
                                && Files.list(data.resolve("runs"))
                                        .anyMatch(
                                                r ->
                                                        Files.exists(r.resolve("experiment.yaml"))
                                                                && read(r.resolve(
                                                                                "experiment.yaml"))
                                                                        .contains(
                                                                                "db-unreachable")))
                .isFalse();
    }

    @Needs(Requirement.POSTGRES)
    @Test
    void wrongCredentialsExit1WithoutThePassword() throws Exception {
        // given
        Path pw = Files.writeString(tmp.resolve("wrong-password"), "wrong-password-123");
        Path config =
                Files.writeString(
                        tmp.resolve("wrong.yaml"),
                        """
                experiment: db-wrong-password
                target:
                  kind: postgres
                  url: %s
                  user: %s
                  password-file: %s
                  tablespace-root: %s
                workload: {type: filegroup-insert, rows: 5}
                """
                                .formatted(
                                        PostgresEnv.url(),
                                        PostgresEnv.user(),
                                        pw,
                                        PostgresEnv.tablespaceRoot()));
        // when
        Captured err = Captured.stderr(() -> run(config));
        // then
        assertThat(err.exit()).isEqualTo(Main.FAILED);
        assertThat(err.text())
                .contains("refused the login of user '" + PostgresEnv.user() + "'")
                .doesNotContain("wrong-password-123");
        assertThat(query("trials", "count(*)", "db-wrong-password")).isIn("", "0");
    }

    @Test
    void anInlinePasswordExits2() throws Exception {
        // given
        Path config =
                Files.writeString(
                        tmp.resolve("inline.yaml"),
                        """
                experiment: db-inline
                target: {kind: h2, password: hunter2}
                workload: {type: filegroup-insert}
                """);
        // when
        Captured err = Captured.stderr(() -> run(config));
        // then
        assertThat(err.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(err.text())
                .contains("'target.password': an inline password is refused")
                .doesNotContain("hunter2");
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            return "";
        }
    }

    /** A command's exit code and what it printed to stderr. */
    record Captured(int exit, String text) {
        static Captured stderr(IntSupplier command) {
            PrintStream old = System.err;
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            System.setErr(new PrintStream(buffer, true, StandardCharsets.UTF_8));
            try {
                int exit = command.getAsInt();
                return new Captured(exit, buffer.toString(StandardCharsets.UTF_8));
            } finally {
                System.setErr(old);
            }
        }
    }
}
